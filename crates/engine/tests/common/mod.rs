//! What the record tests share.

/// The fenced `text` block of docs/record-format.md after the comment that starts with
/// `marker`: a worked example the tests read and replay as it stands.
pub fn docs_example(marker: &str) -> &'static str {
    let docs = include_str!("../../../../docs/record-format.md");
    let after = &docs[docs.find(marker).expect("the marker")..];
    let start = after.find("```text\n").expect("the fenced block") + "```text\n".len();
    let block = &after[start..];
    &block[..block.find("\n```").expect("the end of the block") + 1]
}
