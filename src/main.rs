fn main() {
    yew::Renderer::<piquet_web::App>::new().render();
}
