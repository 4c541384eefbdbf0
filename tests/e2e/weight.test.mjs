// What the wasm of the release build link, read from the names of their functions in what
// cargo built for it (target/wasm32-unknown-unknown/release-app/<bin>.wasm: the same build as
// dist/, before wasm-bindgen and wasm-opt strip the names): the cuts that keep the downloads
// light stay cut (README, "Size"; docs/embedding.md, "Weight"). tests/wasm_size.rs checks the
// same in the sources. No browser: only the files.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, ROOT } from './harness.mjs';
import { read } from '../../scripts/wasm-top.mjs';

const TARGET = join(process.env.CARGO_TARGET_DIR || join(ROOT, 'target'), 'wasm32-unknown-unknown', 'release-app');

/** The names of the functions `bin` links, from cargo's release-app build. */
function names(bin) {
  const file = join(TARGET, `${bin}.wasm`);
  assert.ok(existsSync(file), `${file} is missing: run ./x build (trunk build --release) first`);
  const built = join(DIST, `${bin === 'piquet-web' ? 'index.html' : `${bin}_bg.wasm`}`);
  if (existsSync(built)) {
    assert.ok(statSync(file).mtimeMs <= statSync(built).mtimeMs + 1000,
      `${file} is newer than ${built}: the release build and cargo's output disagree; run ./x build`);
  }
  const fns = read(file).functions.map((f) => f.name);
  assert.ok(fns.length > 1000, `${file} has its function names (${fns.length})`);
  return fns;
}

/** The functions of `fns` that match any of `patterns`, a few of each, for the message. */
const matching = (fns, patterns) => patterns
  .map((re) => [re, fns.filter((f) => re.test(f))])
  .filter(([, found]) => found.length)
  .map(([re, found]) => `${re}: ${found.length} functions, e.g. ${found.slice(0, 3).join(' | ')}`);

// The computer and what only a game needs: the AI, the worker's client and its messages, the
// review's dialog, the tables that play (a game, a problem), a game session built.
const COMPUTER_AND_GAME = [
  /^piquet_ai::/,
  /piquet_web::services::ai::/,
  /piquet_table::wire::/,
  /piquet_web::components::review::/,
  /piquet_web::components::table::/,
  /piquet_web::components::problems::/,
  /piquet_table::session::Session>?::(new|from_record|replay_prefix)/,
];
// What the play wasm (src/bin/play.rs) hands over to the whole app for (src/play.rs): the replay
// viewer and the record in a link, the lessons' and the problems' screens and files, the deal of
// the day, games with a friend and their protocol (the new-game dialog only creates a room), the
// statistics, the review and its stepping through on the table. (The record's commentary, which
// the viewer and the embedded table show, is a function of the viewer's module.)
const THE_REST = [
  /piquet_web::components::replay::(?!commentary::)/,
  /piquet_table::link::/,
  /piquet_web::components::lessons::/,
  /piquet_web::services::lessons::/,
  /piquet_web::components::problems::/,
  /piquet_web::services::problems::/,
  /piquet_table::problem::Problem::parse/,
  /piquet_web::components::daily::/,
  /piquet_web::components::online::/,
  /piquet_table::online::(ClientMessage|ServerMessage|SeatView)/,
  // The engine's reason for a refused move, which only the room's WebSocket sends (the dialog
  // reads an HTTP refusal without it: ErrorMessage::from_http_body).
  /Deserialize for piquet_engine::error::IllegalAction>/,
  /piquet_web::components::stats::/,
  // (Its functions, not the drop of its properties: the play wasm hands them over.)
  /^<?piquet_web::components::review::/,
  /piquet_web::components::review_table::/,
];
// Unicode's case tables (str::to_lowercase and the like) and float printing.
const TABLES_AND_FLOATS = [/core::unicode::unicode_data::conversions/, /core::num::flt2dec::/];

/** The French text of the catalogue's message `name` (crates/table/src/i18n.rs), as UTF-8 bytes. */
function words(name) {
  const src = readFileSync(join(ROOT, 'crates/table/src/i18n.rs'), 'utf8');
  const found = new RegExp(`pub const ${name}: Text =\\s*Text::new\\(\\s*"([^"\\\\]*)"`).exec(src);
  assert.ok(found, `Text::${name} is in the catalogue, its French text on one line`);
  return Buffer.from(found[1]);
}

// Messages of screens the embedded replay does not have: a lesson, the problems, games with a
// friend, the review. Each message is a constant of its own (crates/table/src/i18n.rs): a wasm
// carries the words its screens name, not the whole catalogue.
const OTHER_SCREENS = ['LeaveLesson', 'MyProblemsHint', 'AllowWatchersHint', 'ReviewMistakesOnly'];

describe('what each wasm links', () => {
  test('the embedded replay carries the viewer\'s words, not the other screens\', nor the historical records', () => {
    const wasm = (bin) => readFileSync(join(DIST, `${bin}_bg.wasm`));
    const [replay, app] = [wasm('embed_replay'), wasm('app')];
    assert.ok(replay.includes(words('PlayThisDeal')), 'the viewer\'s « Jouer cette donne » is there');
    // The historical records: built into the app (it opens them offline), fetched by the
    // embedded viewer's loader (records::Historical::file).
    const facheux = readFileSync(join(ROOT, 'records', 'les-facheux.txt')).subarray(0, 600);
    assert.ok(app.includes(facheux), 'the app carries Les Fâcheux');
    assert.ok(!replay.includes(facheux), 'embed_replay_bg.wasm carries Les Fâcheux');
    assert.ok(!wasm('embed').includes(facheux), 'embed_bg.wasm carries Les Fâcheux');
    for (const name of OTHER_SCREENS) {
      assert.ok(!replay.includes(words(name)), `Text::${name} is in embed_replay_bg.wasm`);
      assert.ok(app.includes(words(name)), `Text::${name} is in the app: the check sees it`);
    }
  });

  test('the embedded replay links the viewer, and no computer, no game, no case tables, no float printing', () => {
    const replay = names('embed_replay');
    assert.ok(replay.some((f) => f.includes('piquet_web::components::replay::ReplayViewer')), 'the viewer is there');
    assert.deepEqual(matching(replay, [...COMPUTER_AND_GAME, ...TABLES_AND_FLOATS]), []);
    // The table that plays, which the replay hands over to, does link them: the check sees them.
    const plays = names('embed');
    assert.equal(matching(plays, COMPUTER_AND_GAME).length, COMPUTER_AND_GAME.length,
      `the table that plays: ${matching(plays, COMPUTER_AND_GAME).join('\n')}`);
  });

  test('the embedded replay\'s light first stage links the text reader and the replay model, and no Yew, no JSON library, no computer', () => {
    const light = names('embed_view');
    for (const needed of [
      'piquet_engine::record_text::read::plain_options',
      'piquet_engine::record_text::read::Parser::parse',
      'piquet_table::replay_model::board',
      'piquet_table::embed::parse_message',
    ]) assert.ok(light.some((f) => f.includes(needed)), `${needed} is there`);
    const HEAVY = [/^<?yew::/, /yew::/, /serde_json::/, /piquet_engine::record_text::read::apply_options/,
      /piquet_engine::record::Record>?::from_json/, /piquet_web::components::/];
    assert.deepEqual(matching(light, [...HEAVY, ...COMPUTER_AND_GAME, ...TABLES_AND_FLOATS]), []);
    // The Yew viewer it hands over to links Yew and serde_json: the check sees them.
    assert.equal(matching(names('embed_replay'), [/yew::/, /serde_json::/]).length, 2);
  });

  test('the first screen links its markup and the hand-over, and no Yew, no JSON library, no game', () => {
    const shell = names('piquet-web');
    for (const needed of ['piquet_web::shell::Drawn::draw', 'piquet_table::card_art::face_markup', 'piquet_web::shell::clicked', 'piquet_web::shell::load_then_take_over'])
      assert.ok(shell.some((f) => f.includes(needed)), `${needed} is there`);
    assert.deepEqual(matching(shell, [/yew::/, /serde_json::/, /piquet_engine::record/, /piquet_web::components::/,
      ...COMPUTER_AND_GAME.filter((re) => !/piquet_ai/.test(re.source)), ...TABLES_AND_FLOATS]), []);
    // The play wasm, which takes the page over from it, draws the same screen with Yew: the check sees it.
    assert.equal(matching(names('play'), [/yew::/, /piquet_web::components::home::/]).length, 2);
  });

  test('the play wasm links the table and the new-game dialog, and none of the screens it hands over to the whole app', () => {
    const play = names('play');
    for (const needed of [
      'piquet_web::components::table::GameScreen',
      'piquet_web::components::new_game::NewGame',
      'piquet_web::components::settings_panel::SettingsPanel',
      'piquet_web::components::score_sheet::ScoreSheet',
    ]) assert.ok(play.some((f) => f.includes(needed)), `${needed} is there`);
    assert.deepEqual(matching(play, THE_REST), []);
    // The whole app, which the play wasm hands over to, does link them: the check sees them.
    const whole = names('app');
    assert.equal(matching(whole, THE_REST).length, THE_REST.length,
      `the whole app: ${matching(whole, THE_REST).join('\n')}`);
  });

  test('no wasm of a page links Unicode case tables or float printing', () => {
    for (const bin of ['piquet-web', 'play', 'app', 'embed', 'embed_replay', 'embed_view']) {
      assert.deepEqual(matching(names(bin), TABLES_AND_FLOATS), [], bin);
    }
  });
});
