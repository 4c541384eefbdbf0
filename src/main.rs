fn main() {
    piquet_web::start();
}
