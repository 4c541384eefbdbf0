//! The problems of a record an author writes by hand, in French and in English: the text
//! form's errors name the line and quote it, a move the rules refuse says its deal and move.

use piquet_engine::Record;
use piquet_table::error_words::record_error;
use piquet_table::i18n::Lang;

const HEAD: &str =
    "[Format \"piquet-record\"]\n[Version \"3\"]\n[Rules \"classique\"]\n[Cut \"AS 7H\"]\n";

fn both(text: &str) -> (String, String) {
    let e = Record::parse(text).unwrap_err();
    (record_error(&e, Lang::Fr), record_error(&e, Lang::En))
}

#[test]
fn text_errors_name_and_quote_the_line_in_both_languages() {
    let (fr, en) = both(&format!(
        "{HEAD}\n[Deal \"1\"]\n{{[en] He keeps\n{{[fr] Il garde}}\n"
    ));
    assert_eq!(
        fr,
        "ligne 7 « {[en] He keeps » : un commentaire ouvert par { n’est jamais fermé"
    );
    assert_eq!(
        en,
        "line 7 “{[en] He keeps”: a comment opened with { is never closed"
    );
    let (fr, en) = both(&format!("{HEAD}\n[Deal \"1\"]\n{{[FR] Avant la donne.}}\n"));
    assert!(
        fr.starts_with("ligne 7 « {[FR] Avant la donne.} » : [FR] n’est pas une étiquette"),
        "{fr}"
    );
    assert!(
        en.starts_with("line 7 “{[FR] Avant la donne.}”: [FR] is not a label"),
        "{en}"
    );
}

#[test]
fn a_refused_move_names_its_line_deal_and_move_in_both_languages() {
    let text = Record::parse(piquet_table::records::HISTORICAL[1].text())
        .unwrap()
        .to_text();
    // The dealer's discard (the deal's second move), made by elder.
    let line = text.lines().position(|l| l.starts_with("B:x ")).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[line] = lines[line].replacen("B:x ", "A:x ", 1);
    let (fr, en) = both(&lines.join("\n"));
    let n = line + 1;
    assert!(fr.starts_with(&format!("ligne {n} « A:x ")), "{fr}");
    assert!(fr.contains(", coup 2 : ce n’est pas son tour"), "{fr}");
    assert!(en.starts_with(&format!("line {n} “A:x ")), "{en}");
    assert!(en.contains("deal 1, move 2: not your turn"), "{en}");
}

#[test]
fn a_json_error_names_the_field_and_the_value_in_both_languages() {
    let json = Record::parse(piquet_table::records::HISTORICAL[1].text())
        .unwrap()
        .to_json()
        .replacen("\"action\": \"discard\"", "\"action\": \"XX\"", 1);
    let (fr, en) = both(&json);
    assert!(
        fr.starts_with("deals[0].actions[0].action : « XX » n’est pas une valeur permise ici (permises : discard, "),
        "{fr}"
    );
    assert!(
        en.starts_with("deals[0].actions[0].action: “XX” is not one of discard, "),
        "{en}"
    );
}
