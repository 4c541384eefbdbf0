//! Where rooms are kept: the [`Storage`] trait (a batch of writes made durable at once, the
//! rooms read back), its SQLite implementation ([`Sqlite`]: one file, WAL, `synchronous=FULL`),
//! and the [`Writer`] that groups the writes of all rooms into one transaction per batch
//! (group commit: one `fsync` for every change made while the previous batch was being
//! written), so that every change is durable before it is acknowledged without one disk flush
//! per move.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc as std_mpsc;
use std::thread;

use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::oneshot;

use crate::limits::token_hash;
use crate::room::{Created, Step};

/// A write to make durable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Write {
    /// A new room.
    Create(Created),
    /// A room's change number `seq` (from 0), made at `at_ms`.
    Step {
        room: String,
        seq: u64,
        step: Step,
        at_ms: u64,
    },
    /// A room closed for idleness (its games stay, as records).
    Expire { room: String, at_ms: u64 },
}

/// A room read back: as created, its steps in order with their times, whether it expired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    pub created: Created,
    pub steps: Vec<(Step, u64)>,
    pub expired: bool,
}

/// Why the storage failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StorageError(pub String);

impl std::fmt::Display for StorageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "storage: {}", self.0)
    }
}

impl std::error::Error for StorageError {}

impl From<rusqlite::Error> for StorageError {
    fn from(e: rusqlite::Error) -> StorageError {
        StorageError(e.to_string())
    }
}

impl From<serde_json::Error> for StorageError {
    fn from(e: serde_json::Error) -> StorageError {
        StorageError(e.to_string())
    }
}

/// A place rooms are kept. SQLite here; another database (PostgreSQL, for several servers)
/// implements the same three methods.
pub trait Storage: Send + 'static {
    /// Writes the batch, all or nothing, durably: on `Ok` it survives a crash.
    fn commit(&mut self, batch: &[Write]) -> Result<(), StorageError>;
    /// Every room that has not expired, with its steps in order.
    fn load_live(&mut self) -> Result<Vec<StoredRoom>, StorageError>;
    /// One room, expired or not.
    fn load_room(&mut self, id: &str) -> Result<Option<StoredRoom>, StorageError>;
}

/// The SQLite storage: one file.
pub struct Sqlite {
    conn: Connection,
    /// Tells the checkpoint thread to stop, when dropped.
    stop: Arc<AtomicBool>,
}

impl Drop for Sqlite {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    token_a_sha256 TEXT NOT NULL,
    name_a TEXT NOT NULL,
    seed INTEGER NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    expired_ms INTEGER
);
CREATE TABLE IF NOT EXISTS steps (
    room TEXT NOT NULL REFERENCES rooms(id),
    seq INTEGER NOT NULL,
    step TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (room, seq)
) WITHOUT ROWID;
";

/// The version of the schema this build writes (`PRAGMA user_version`): 1 keeps the seat
/// tokens' SHA-256 (`rooms.token_a_sha256`, the join step's `token_sha256`); 0, the first,
/// kept the tokens themselves.
pub const SCHEMA_VERSION: i64 = 1;

/// Brings a database of schema 0 to schema 1: every seat token replaced by its SHA-256, in one
/// transaction, with the freed space zeroed and the WAL emptied, so that no token is left
/// in clear in the files. Returns the number of tokens hashed.
fn migrate_tokens(conn: &mut Connection) -> Result<usize, StorageError> {
    let old: i64 = conn.query_row(
        "SELECT COUNT(*) FROM pragma_table_info('rooms') WHERE name = 'token_a'",
        [],
        |r| r.get(0),
    )?;
    if old == 0 {
        return Ok(0);
    }
    // Deleted and overwritten content is zeroed, not left in free pages.
    conn.pragma_update(None, "secure_delete", "ON")?;
    let tx = conn.transaction()?;
    tx.execute(
        "ALTER TABLE rooms RENAME COLUMN token_a TO token_a_sha256",
        [],
    )?;
    let mut hashed = 0;
    {
        let rooms: Vec<(String, String)> = tx
            .prepare("SELECT id, token_a_sha256 FROM rooms")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        let mut update = tx.prepare("UPDATE rooms SET token_a_sha256 = ?2 WHERE id = ?1")?;
        for (id, token) in rooms {
            update.execute(params![id, token_hash(&token)])?;
            hashed += 1;
        }
        let joins: Vec<(String, i64, String)> = tx
            .prepare("SELECT room, seq, step FROM steps WHERE step LIKE '%\"step\":\"join\"%'")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<_, _>>()?;
        let mut update = tx.prepare("UPDATE steps SET step = ?3 WHERE room = ?1 AND seq = ?2")?;
        for (room, seq, text) in joins {
            let mut step: serde_json::Value = serde_json::from_str(&text)?;
            let Some(fields) = step.as_object_mut() else {
                continue;
            };
            if let Some(serde_json::Value::String(token)) = fields.remove("token") {
                fields.insert("token_sha256".into(), token_hash(&token).into());
                update.execute(params![room, seq, serde_json::to_string(&step)?])?;
                hashed += 1;
            }
        }
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit()?;
    // The WAL held the pages as they were: copied into the database and emptied.
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    conn.pragma_update(None, "secure_delete", "OFF")?;
    Ok(hashed)
}

impl Sqlite {
    /// Opens (or creates) the database file. WAL, so that readers never wait for the writer;
    /// `synchronous=FULL`, so that a commit is on disk when it returns (with `NORMAL`, WAL
    /// survives a crash of the process but may lose the last commits on a power cut, and an
    /// acknowledged move must not be lost).
    ///
    /// A database of an earlier schema is brought to this one first: one that kept the seat
    /// tokens in clear keeps their SHA-256 instead ([`SCHEMA_VERSION`]).
    pub fn open(path: &Path) -> Result<Sqlite, StorageError> {
        let mut conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version > SCHEMA_VERSION {
            return Err(StorageError(format!(
                "{}: schema {version}, newer than this server's ({SCHEMA_VERSION})",
                path.display()
            )));
        }
        let hashed = migrate_tokens(&mut conn)?;
        if hashed > 0 {
            eprintln!(
                "piquet-server: {}: {hashed} seat tokens now kept as their SHA-256",
                path.display()
            );
        }
        conn.execute_batch(SCHEMA)?;
        conn.pragma_update(None, "user_version", SCHEMA_VERSION)?;
        // Checkpoints (copying the WAL into the database file, an fsync of its own) are made by
        // a thread of their own, so that a commit never waits for one; the writer checkpoints
        // itself only if the WAL grows past ~80 MB all the same.
        conn.pragma_update(None, "wal_autocheckpoint", 20_000)?;
        let checkpointer = Connection::open(path)?;
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        checkpointer.busy_timeout(std::time::Duration::from_secs(5))?;
        thread::Builder::new()
            .name("piquet-checkpoint".into())
            .spawn(move || {
                while !stopped.load(Ordering::Relaxed) {
                    thread::sleep(std::time::Duration::from_millis(500));
                    // PASSIVE: copies what it can without waiting for, or blocking, the writer.
                    // An error (the database gone) ends the thread: the writer still checkpoints.
                    let done = checkpointer
                        .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(0));
                    if done.is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| StorageError(format!("the checkpoint thread did not start: {e}")))?;
        Ok(Sqlite { conn, stop })
    }

    fn write(tx: &rusqlite::Transaction<'_>, w: &Write) -> Result<(), StorageError> {
        match w {
            Write::Create(c) => {
                tx.prepare_cached(
                    "INSERT INTO rooms (id, settings, token_a_sha256, name_a, seed, created_ms, updated_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
                )?
                .execute(params![
                    c.id,
                    serde_json::to_string(&c.settings)?,
                    c.token_a_sha256,
                    c.name_a,
                    c.seed as i64,
                    c.created_ms as i64
                ])?;
            }
            Write::Step {
                room,
                seq,
                step,
                at_ms,
            } => {
                tx.prepare_cached(
                    "INSERT INTO steps (room, seq, step, at_ms) VALUES (?1, ?2, ?3, ?4)",
                )?
                .execute(params![
                    room,
                    *seq as i64,
                    serde_json::to_string(step)?,
                    *at_ms as i64
                ])?;
                tx.prepare_cached("UPDATE rooms SET updated_ms = ?2 WHERE id = ?1")?
                    .execute(params![room, *at_ms as i64])?;
            }
            Write::Expire { room, at_ms } => {
                tx.prepare_cached("UPDATE rooms SET expired_ms = ?2 WHERE id = ?1")?
                    .execute(params![room, *at_ms as i64])?;
            }
        }
        Ok(())
    }

    fn read_rooms(&mut self, only: Option<&str>) -> Result<Vec<StoredRoom>, StorageError> {
        let mut rooms = Vec::new();
        {
            let (sql, id) = match only {
                Some(id) => (
                    "SELECT id, settings, token_a_sha256, name_a, seed, created_ms, expired_ms FROM rooms WHERE id = ?1",
                    id,
                ),
                None => (
                    "SELECT id, settings, token_a_sha256, name_a, seed, created_ms, expired_ms FROM rooms WHERE expired_ms IS NULL AND ?1 = ?1",
                    "",
                ),
            };
            let mut stmt = self.conn.prepare(sql)?;
            let rows = stmt.query_map(params![id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, i64>(5)?,
                    r.get::<_, Option<i64>>(6)?,
                ))
            })?;
            for row in rows {
                let (id, settings, token_a_sha256, name_a, seed, created_ms, expired) = row?;
                rooms.push(StoredRoom {
                    created: Created {
                        id,
                        settings: serde_json::from_str(&settings)?,
                        token_a_sha256,
                        name_a,
                        seed: seed as u64,
                        created_ms: created_ms as u64,
                    },
                    steps: Vec::new(),
                    expired: expired.is_some(),
                });
            }
        }
        let mut stmt = self
            .conn
            .prepare_cached("SELECT step, at_ms FROM steps WHERE room = ?1 ORDER BY seq")?;
        for room in &mut rooms {
            let rows = stmt.query_map(params![room.created.id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
            })?;
            for row in rows {
                let (step, at_ms) = row?;
                room.steps
                    .push((serde_json::from_str(&step)?, at_ms as u64));
            }
        }
        Ok(rooms)
    }
}

impl Storage for Sqlite {
    fn commit(&mut self, batch: &[Write]) -> Result<(), StorageError> {
        let tx = self.conn.transaction()?;
        for w in batch {
            Sqlite::write(&tx, w)?;
        }
        tx.commit()?;
        Ok(())
    }

    fn load_live(&mut self) -> Result<Vec<StoredRoom>, StorageError> {
        self.read_rooms(None)
    }

    fn load_room(&mut self, id: &str) -> Result<Option<StoredRoom>, StorageError> {
        let exists: Option<String> = self
            .conn
            .query_row("SELECT id FROM rooms WHERE id = ?1", params![id], |r| {
                r.get(0)
            })
            .optional()?;
        if exists.is_none() {
            return Ok(None);
        }
        Ok(self.read_rooms(Some(id))?.into_iter().next())
    }
}

type Reply = oneshot::Sender<Result<(), StorageError>>;

/// The most writes grouped in one transaction.
const MAX_BATCH: usize = 4096;

/// The storage's own thread, writing batches: a write waits at most for the batch before it
/// and its own.
#[derive(Clone)]
pub struct Writer {
    tx: std_mpsc::Sender<(Write, Reply)>,
    stats: Arc<std::sync::Mutex<CommitStats>>,
}

/// What the writer measured: each batch's size and the time its commit took.
#[derive(Clone, Debug, Default)]
pub struct CommitStats {
    pub batches: u64,
    pub writes: u64,
    /// The commit time of the last batches (at most 100,000), in microseconds.
    pub commit_us: Vec<u32>,
}

impl CommitStats {
    fn record(&mut self, writes: usize, took: std::time::Duration) {
        self.batches += 1;
        self.writes += writes as u64;
        if self.commit_us.len() >= 100_000 {
            self.commit_us.clear();
        }
        self.commit_us
            .push(took.as_micros().min(u128::from(u32::MAX)) as u32);
    }
}

impl Writer {
    /// Starts the writing thread over `storage`.
    pub fn spawn(mut storage: Box<dyn Storage>) -> Writer {
        let (tx, rx) = std_mpsc::channel::<(Write, Reply)>();
        let stats = Arc::new(std::sync::Mutex::new(CommitStats::default()));
        let measured = stats.clone();
        thread::Builder::new()
            .name("piquet-storage".into())
            .spawn(move || {
                while let Ok(first) = rx.recv() {
                    let mut batch = vec![first];
                    while batch.len() < MAX_BATCH {
                        match rx.try_recv() {
                            Ok(w) => batch.push(w),
                            Err(_) => break,
                        }
                    }
                    let writes: Vec<Write> = batch.iter().map(|(w, _)| w.clone()).collect();
                    let started = std::time::Instant::now();
                    let committed = storage.commit(&writes);
                    if let Ok(mut s) = measured.lock() {
                        s.record(writes.len(), started.elapsed());
                    }
                    match committed {
                        Ok(()) => {
                            for (_, reply) in batch {
                                let _ = reply.send(Ok(()));
                            }
                        }
                        // One bad write must not fail the others: each alone, then.
                        Err(_) => {
                            for (w, reply) in batch {
                                let _ = reply.send(storage.commit(std::slice::from_ref(&w)));
                            }
                        }
                    }
                }
            })
            .map(|_| ())
            .unwrap_or_else(|e| eprintln!("piquet-server: the storage thread did not start: {e}"));
        Writer { tx, stats }
    }

    /// What the writer measured so far.
    pub fn stats(&self) -> CommitStats {
        self.stats.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Makes `w` durable; resolves once it is (or could not be).
    pub async fn write(&self, w: Write) -> Result<(), StorageError> {
        let (reply, done) = oneshot::channel();
        self.tx
            .send((w, reply))
            .map_err(|_| StorageError("the storage thread stopped".into()))?;
        done.await
            .map_err(|_| StorageError("the storage thread stopped".into()))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use piquet_table::online::RoomSettings;

    fn created(id: &str) -> Created {
        Created {
            id: id.into(),
            settings: RoomSettings {
                preset: "classique".into(),
                format: None,
                custom_rules: None,
                watchers: true,
                move_limit_secs: Some(3600),
            },
            token_a_sha256: token_hash(&"a".repeat(32)),
            name_a: "Alice".into(),
            seed: u64::MAX - 5,
            created_ms: 10,
        }
    }

    #[test]
    fn rooms_and_steps_read_back_as_written() {
        let dir = std::env::temp_dir().join(format!("piquet-storage-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.sqlite3");
        let mut db = Sqlite::open(&path).unwrap();
        let join = Step::Join {
            name: "Bob".into(),
            token_sha256: token_hash(&"b".repeat(32)),
        };
        let deal = Step::NextDeal { seat: None };
        db.commit(&[
            Write::Create(created("r1")),
            Write::Create(created("r2")),
            Write::Step {
                room: "r1".into(),
                seq: 0,
                step: join.clone(),
                at_ms: 20,
            },
            Write::Step {
                room: "r1".into(),
                seq: 1,
                step: deal.clone(),
                at_ms: 30,
            },
        ])
        .unwrap();
        // A batch with a bad write (a step already stored) changes nothing.
        assert!(
            db.commit(&[
                Write::Expire {
                    room: "r2".into(),
                    at_ms: 40
                },
                Write::Step {
                    room: "r1".into(),
                    seq: 1,
                    step: deal.clone(),
                    at_ms: 31,
                },
            ])
            .is_err()
        );
        drop(db);
        let mut db = Sqlite::open(&path).unwrap();
        let live = db.load_live().unwrap();
        assert_eq!(live.len(), 2);
        let r1 = live.iter().find(|r| r.created.id == "r1").unwrap();
        assert_eq!(r1.created, created("r1"));
        assert_eq!(r1.steps, vec![(join, 20), (deal, 30)]);
        db.commit(&[Write::Expire {
            room: "r2".into(),
            at_ms: 40,
        }])
        .unwrap();
        assert_eq!(db.load_live().unwrap().len(), 1);
        assert!(db.load_room("r2").unwrap().unwrap().expired);
        assert!(db.load_room("r3").unwrap().is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A database written before the tokens were hashed (schema 0: the tokens in clear, in
    /// `rooms.token_a` and in the join step) is migrated on open: every token replaced by its
    /// SHA-256, nothing of them left in the files, the rooms playable with the same tokens.
    #[test]
    fn a_database_with_tokens_in_clear_is_migrated_on_open() {
        let dir = std::env::temp_dir().join(format!("piquet-migrate-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("old.sqlite3");
        let (token_a, token_b) = (
            crate::limits::random_id().unwrap(),
            crate::limits::random_id().unwrap(),
        );
        let mut settings = created("r1").settings;
        settings.move_limit_secs = None;
        {
            // Schema 0, as the first server wrote it.
            let old = Connection::open(&path).unwrap();
            old.pragma_update(None, "journal_mode", "WAL").unwrap();
            old.execute_batch(&SCHEMA.replace("token_a_sha256", "token_a"))
                .unwrap();
            old.execute(
                "INSERT INTO rooms (id, settings, token_a, name_a, seed, created_ms, updated_ms)
                 VALUES ('r1', ?1, ?2, 'Alice', 42, 10, 30)",
                params![serde_json::to_string(&settings).unwrap(), token_a],
            )
            .unwrap();
            for (seq, step) in [
                format!(r#"{{"step":"join","name":"Bob","token":"{token_b}"}}"#),
                r#"{"step":"next_deal","seat":"A"}"#.to_string(),
            ]
            .iter()
            .enumerate()
            {
                old.execute(
                    "INSERT INTO steps (room, seq, step, at_ms) VALUES ('r1', ?1, ?2, 20)",
                    params![seq as i64, step],
                )
                .unwrap();
            }
        }
        let mut db = Sqlite::open(&path).unwrap();
        let room = db.load_room("r1").unwrap().unwrap();
        assert_eq!(room.created.token_a_sha256, token_hash(&token_a));
        assert_eq!(
            room.steps[0].0,
            Step::Join {
                name: "Bob".into(),
                token_sha256: token_hash(&token_b)
            }
        );
        let version: i64 = db
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, SCHEMA_VERSION);
        // The same tokens hold the same seats.
        let replayed = crate::room::Room::replay(room.created, room.steps).unwrap();
        assert_eq!(replayed.seat_of(&token_a), Some(piquet_engine::Seat::A));
        assert_eq!(replayed.seat_of(&token_b), Some(piquet_engine::Seat::B));
        assert_eq!(replayed.seat_of(&token_hash(&token_a)), None);
        assert_eq!(replayed.seq, 2);
        drop(db);
        // Nothing of the tokens is left in the files.
        for suffix in ["", "-wal", "-shm"] {
            let file = dir.join(format!("old.sqlite3{suffix}"));
            let Ok(bytes) = std::fs::read(&file) else {
                continue;
            };
            let text = String::from_utf8_lossy(&bytes);
            for token in [&token_a, &token_b] {
                assert!(
                    !text.contains(token.as_str()),
                    "{token} in {}",
                    file.display()
                );
            }
        }
        // Opened again: nothing more to do, the same rooms.
        let mut db = Sqlite::open(&path).unwrap();
        assert_eq!(db.load_live().unwrap().len(), 1);
        // A database of a newer schema is named, not read.
        db.conn.pragma_update(None, "user_version", 99).unwrap();
        drop(db);
        let newer = Sqlite::open(&path).err().unwrap();
        assert!(newer.0.contains("schema 99"), "{newer}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
