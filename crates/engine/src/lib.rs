//! Piquet rules engine (see `../../shared/RULES.md`, mirrored in `docs/rules.md`).
