//! The embedded table's state as Yew keeps it: [`EmbedState`] and its reducer
//! ([`EmbedState::reduce`]), wrapped for `use_reducer`.

use std::rc::Rc;

use yew::prelude::*;

use piquet_table::embed_state::{EmbedAction, EmbedState};

/// [`EmbedState`] for `use_reducer`.
#[derive(Clone, Debug, PartialEq)]
pub struct EmbedStore(Rc<EmbedState>);

impl EmbedStore {
    pub fn new(state: EmbedState) -> EmbedStore {
        EmbedStore(Rc::new(state))
    }
}

impl std::ops::Deref for EmbedStore {
    type Target = EmbedState;
    fn deref(&self) -> &EmbedState {
        &self.0
    }
}

impl Reducible for EmbedStore {
    type Action = EmbedAction;

    fn reduce(self: Rc<Self>, action: EmbedAction) -> Rc<Self> {
        let next = self.0.clone().reduce(action);
        if Rc::ptr_eq(&next, &self.0) {
            self
        } else {
            Rc::new(EmbedStore(next))
        }
    }
}

/// Dispatches the embedded table's actions (from effects, listeners and callbacks).
pub type Dispatch = UseReducerDispatcher<EmbedStore>;
