//! The embedded table's state as Yew keeps it ([`EmbedState`] in a [`Store`]).

use yew::prelude::*;

use piquet_table::embed_state::EmbedState;

use crate::components::store::Store;

/// The embedded table's state as Yew keeps it.
pub type EmbedStore = Store<EmbedState>;

/// Dispatches the embedded table's actions (from effects, listeners and callbacks).
pub type Dispatch = UseReducerDispatcher<EmbedStore>;
