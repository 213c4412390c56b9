//! The games a player's bounds come from, named: which players a graph
//! restricts ([`Restriction`]), which ones forget ([`Forgetful`]), and which
//! bound a game gives ([`Side`]). The modules `forgetful`, `parity` and
//! `restricted` all read these; none of them reads another for them.

use super::Player;
use std::fmt;

/// Which players a graph restricts, and how: each of them may make a board
/// play only while her board history holds fewer than `limit` positions.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Restriction {
    /// Bit i set: player i is restricted.
    pub players: u8,
    /// The board history size that stops a restricted player's board plays.
    pub limit: u32,
}

impl Restriction {
    /// No player restricted: the game itself.
    pub const NONE: Restriction = Restriction {
        players: 0,
        limit: u32::MAX,
    };

    /// `player` alone restricted to board histories under `limit`.
    pub fn player(player: Player, limit: u32) -> Restriction {
        Restriction {
            players: 1 << player.0,
            limit,
        }
    }

    /// Every player among `players` but `player` restricted to board
    /// histories under `limit`.
    pub fn coalition(player: Player, players: usize, limit: u32) -> Restriction {
        let all = (1u8 << players) - 1;
        Restriction {
            players: all & !(1 << player.0),
            limit,
        }
    }

    /// Whether `p` is restricted.
    pub fn holds(self, p: Player) -> bool {
        self.players >> p.0 & 1 != 0
    }

    /// Whether nobody is restricted.
    pub fn is_none(self) -> bool {
        self.players == 0
    }
}

/// The names of the players in the bit set `players` (bit i: player i),
/// joined by "and".
pub(crate) fn player_names(players: u8) -> String {
    let names: Vec<&str> = (0..crate::players::MAX_PLAYERS as u8)
        .filter(|i| players >> i & 1 != 0)
        .map(|i| Player(i).name())
        .collect();
    names.join(" and ")
}

impl fmt::Display for Restriction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("no restriction");
        }
        write!(
            f,
            "{} restricted to board histories under {}",
            player_names(self.players),
            self.limit
        )
    }
}

/// Which bound on P's value a restricted game gives.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// P restricted: a lower bound.
    Lower,
    /// Every coalition member restricted: an upper bound.
    Upper,
}

impl Side {
    /// The restriction of this side's game for `player` among `players`
    /// with board histories under `limit`.
    pub fn restriction(self, player: Player, players: usize, limit: u32) -> Restriction {
        match self {
            Side::Lower => Restriction::player(player, limit),
            Side::Upper => Restriction::coalition(player, players, limit),
        }
    }
}

impl Side {
    /// The forgetful players of this side's forgetful game for `player`
    /// among `players`, remembering `window` positions: the other side
    /// (the coalition for [`Side::Lower`], P for [`Side::Upper`]).
    pub fn forgetful(self, player: Player, players: usize, window: u32) -> Forgetful {
        match self {
            Side::Lower => Forgetful::coalition(player, players, window),
            Side::Upper => Forgetful::player(player, window),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Lower => "lower",
            Side::Upper => "upper",
        })
    }
}

/// Which players are forgetful, and how many of their latest positions
/// they remember.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Forgetful {
    /// Bit i set: player i is forgetful.
    pub players: u8,
    /// How many of her latest positions a forgetful player remembers.
    pub window: u32,
}

impl Forgetful {
    /// Nobody forgetful.
    pub const NONE: Forgetful = Forgetful {
        players: 0,
        window: 0,
    };

    /// `player` alone forgetful, remembering `window` positions.
    pub fn player(player: Player, window: u32) -> Forgetful {
        Forgetful {
            players: 1 << player.0,
            window,
        }
    }

    /// Every player among `players` but `player` forgetful, remembering
    /// `window` positions.
    pub fn coalition(player: Player, players: usize, window: u32) -> Forgetful {
        Forgetful {
            players: ((1u8 << players) - 1) & !(1 << player.0),
            window,
        }
    }

    /// Whether `p` is forgetful.
    pub fn holds(self, p: Player) -> bool {
        self.players >> p.0 & 1 != 0
    }

    /// Whether nobody is forgetful.
    pub fn is_none(self) -> bool {
        self.players == 0
    }

    /// The window of a forgetful player after a board play making `y`
    /// on the window `w` (most recent first).
    pub fn after_play<T: Copy>(self, w: &[T], y: T) -> Vec<T> {
        std::iter::once(y)
            .chain(w.iter().copied())
            .take(self.window as usize)
            .collect()
    }

    /// The window of a forgetful player after a pass on `x`.
    pub fn after_pass<T: Copy>(self, x: T) -> Vec<T> {
        self.after_play(&[], x)
    }
}

impl fmt::Display for Forgetful {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("nobody forgetful");
        }
        write!(
            f,
            "{} remembering {} position{}",
            player_names(self.players),
            self.window,
            if self.window == 1 { "" } else { "s" }
        )
    }
}
