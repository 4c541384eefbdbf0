//! The Piquet web app (Yew).
use yew::prelude::*;

#[function_component(App)]
pub fn app() -> Html {
    html! { <main><h1>{ "Piquet" }</h1></main> }
}
