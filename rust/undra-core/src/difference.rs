//! The first place two schema descriptions differ, in words both sides print alike (docs/WIRE.md,
//! "When the schemas differ"): the host's Swift runtime and a core on this crate compare the same
//! two descriptions and name the same field or variant.

/// The first difference between the host's description and the core's, or `None` if they are
/// equal: `field 2 (count): the host has scalar i64, the core has scalar string`,
/// `command variant 1 (toggle): the host has i64, the core has string`.
///
/// ```
/// let host = "undra-schema 2\nstore score\nfield 0 total scalar i64\ncommand unit\noutcome unit";
/// let core = "undra-schema 2\nstore score\nfield 0 total scalar string\ncommand unit\noutcome unit";
/// assert_eq!(undra_core::first_difference(host, core).unwrap(),
///            "field 0 (total): the host has scalar i64, the core has scalar string");
/// ```
///
/// Cost: linear in the descriptions' length.
pub fn first_difference(host: &str, core: &str) -> Option<String> {
    let host: Vec<&str> = host.split('\n').collect();
    let core: Vec<&str> = core.split('\n').collect();
    for index in 0..host.len().max(core.len()) {
        let (h, c) = (host.get(index).copied(), core.get(index).copied());
        if h == c {
            continue;
        }
        return Some(match (h.map(Line::parse), c.map(Line::parse)) {
            (Some(h), Some(c)) => lines(index, &h, &c),
            (Some(h), None) => h.alone(index, true),
            (None, Some(c)) => c.alone(index, false),
            (None, None) => unreachable!("one side has the line"),
        });
    }
    None
}

/// One line of a description: its first word, and for a field line its id, name and the rest.
struct Line<'a> {
    text: &'a str,
    word: &'a str,
    rest: &'a str,
    field: Option<(&'a str, &'a str, &'a str)>,
}

impl<'a> Line<'a> {
    fn parse(text: &'a str) -> Line<'a> {
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let field = (word == "field").then(|| {
            let mut parts = rest.splitn(3, ' ');
            (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""))
        });
        Line { text, word, rest, field }
    }

    /// One side (the host's if `on_host`) has the line, the other nothing in its place.
    fn alone(&self, index: usize, on_host: bool) -> String {
        let (place, has, none) = match self.field {
            Some((id, name, rest)) => (format!("field {id} ({name})"), rest.to_string(), format!("no field {id}")),
            None if self.word == "command" || self.word == "outcome" => {
                (self.word.to_string(), self.rest.to_string(), "none".to_string())
            }
            None => (format!("line {}", index + 1), self.text.to_string(), "nothing".to_string()),
        };
        let (host, core) = if on_host { (has, none) } else { (none, has) };
        format!("{place}: the host has {host}, the core has {core}")
    }
}

fn lines(index: usize, host: &Line<'_>, core: &Line<'_>) -> String {
    match (host.field, core.field) {
        (Some((hid, hname, hrest)), Some((cid, cname, crest))) => {
            if hid != cid {
                // One side lacks a field: the smaller id is the one the other has not.
                let (h, c) = (hid.parse::<u64>().unwrap_or(u64::MAX), cid.parse::<u64>().unwrap_or(u64::MAX));
                return if h < c { host.alone(index, true) } else { core.alone(index, false) };
            }
            if hname == cname {
                format!("field {hid} ({hname}): the host has {hrest}, the core has {crest}")
            } else {
                format!("field {hid}: the host has {hname} {hrest}, the core has {cname} {crest}")
            }
        }
        (Some(_), None) => host.alone(index, true),
        (None, Some(_)) => core.alone(index, false),
        (None, None) if host.word == core.word => match (variants(host.rest), variants(core.rest)) {
            (Some(h), Some(c)) if host.word == "command" || host.word == "outcome" => enums(host.word, &h, &c),
            _ => format!("{}: the host has {}, the core has {}", host.word, host.rest, core.rest),
        },
        (None, None) => format!("line {}: the host has {}, the core has {}", index + 1, host.text, core.text),
    }
}

/// The first variant two enums' shapes differ in.
fn enums(word: &str, host: &[(&str, &str)], core: &[(&str, &str)]) -> String {
    for index in 0..host.len().max(core.len()) {
        return match (host.get(index), core.get(index)) {
            (Some(h), Some(c)) if h == c => continue,
            (Some((hn, hp)), Some((cn, cp))) if hn == cn => {
                format!("{word} variant {index} ({hn}): the host has {hp}, the core has {cp}")
            }
            (Some((hn, hp)), Some((cn, cp))) => {
                format!("{word} variant {index}: the host has {hn}:{hp}, the core has {cn}:{cp}")
            }
            (Some((hn, hp)), None) => {
                format!("{word} variant {index} ({hn}): the host has {hp}, the core has no variant {index}")
            }
            (None, Some((cn, cp))) => {
                format!("{word} variant {index} ({cn}): the host has no variant {index}, the core has {cp}")
            }
            (None, None) => unreachable!("one side has the variant"),
        };
    }
    format!("{word}: the same variants")
}

/// The variants of an enum's shape text (`enum{a:x|b:y}`), as (name, payload); `None` if the text
/// is not an enum. Splits at the `|`s outside brackets.
fn variants(shape: &str) -> Option<Vec<(&str, &str)>> {
    let body = shape.strip_prefix("enum{")?.strip_suffix('}')?;
    if body.is_empty() {
        return Some(vec![]);
    }
    let mut parts = vec![];
    let (mut depth, mut start) = (0i32, 0);
    for (offset, byte) in body.bytes().enumerate() {
        match byte {
            b'{' | b'(' | b'<' => depth += 1,
            b'}' | b')' | b'>' => depth -= 1,
            b'|' if depth == 0 => {
                parts.push(&body[start..offset]);
                start = offset + 1;
            }
            _ => {}
        }
    }
    parts.push(&body[start..]);
    Some(parts.into_iter().map(|part| part.split_once(':').unwrap_or((part, ""))).collect())
}
