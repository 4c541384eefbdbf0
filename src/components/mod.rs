//! The app's components. Each takes plain props; app state lives in [`crate::app`].

pub mod card;
pub mod embed;
pub mod export;
pub mod hand;
pub mod header;
pub mod home;
pub mod lessons;
pub mod modal;
pub mod new_game;
pub mod replay;
pub mod review;
pub mod rules_page;
pub mod score_sheet;
pub mod settings_panel;
pub mod stats;
pub mod table;
pub mod update_prompt;
