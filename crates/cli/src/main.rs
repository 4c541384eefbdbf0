//! The `piquet` command-line tool.
fn main() {}
