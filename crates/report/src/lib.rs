//! Reports over result tables: the Markdown page of one sweep
//! ([`markdown()`]), the claims section that the rows settle, the overview
//! of every table of a folder (`kosolve report`, [`overview`]), the
//! pictures of principal variations and the effort and value plots.
//!
//! The sweep crate runs jobs and writes rows; this crate only reads them.
//! Its modules form no cycle: `lookup` finds rows and renders value cells;
//! `claims` and `markdown` use it; `overview` uses all of them.

mod claims;
mod lookup;
mod markdown;
pub mod overview;
pub mod pictures;
pub mod plots;

pub use markdown::{markdown, pv_diagrams, pv_diagrams_from};
