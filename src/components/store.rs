//! A game-layer state as Yew keeps it: [`Store`] wraps any state with a reducer
//! ([`piquet_table::Reduce`]: the table, the replay viewer, the embedded table) for
//! `use_reducer`, so that the reducers stay `piquet_table`'s and the app has one adapter.

use std::ops::Deref;
use std::rc::Rc;

use piquet_table::Reduce;
use yew::Reducible;

/// A state for `use_reducer`: `Store::new(state)`; its fields are read through `Deref`.
#[derive(Debug, PartialEq)]
pub struct Store<S>(Rc<S>);

impl<S> Store<S> {
    pub fn new(state: S) -> Store<S> {
        Store(Rc::new(state))
    }
}

impl<S> Deref for Store<S> {
    type Target = S;
    fn deref(&self) -> &S {
        &self.0
    }
}

impl<S: Reduce> Reducible for Store<S> {
    type Action = S::Action;

    /// The state's own reducer; the same store when it returns the same state, so that Yew
    /// draws nothing again.
    fn reduce(self: Rc<Self>, action: S::Action) -> Rc<Self> {
        let next = self.0.clone().reduce(action);
        if Rc::ptr_eq(&next, &self.0) {
            self
        } else {
            Rc::new(Store(next))
        }
    }
}
