//! The app's components: each draws its props and reports what the player does through callbacks.
//! The game's state, reducers and view model are `piquet_table`'s; the root component's state and
//! reducer are [`crate::app`]'s, the table's are wrapped for Yew in [`table`].

pub mod card;
pub mod daily;
pub mod embed;
pub mod export;
pub mod fetched_list;
pub mod hand;
pub mod header;
pub mod home;
pub mod lessons;
pub mod modal;
pub mod new_game;
pub mod online;
pub mod problems;
pub mod replay;
pub mod review;
pub mod review_table;
pub mod rules_page;
pub mod score_sheet;
pub mod settings_panel;
pub mod stats;
pub mod store;
pub mod table;
pub mod update_prompt;
