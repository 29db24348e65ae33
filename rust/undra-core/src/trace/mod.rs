//! Computes a type's [`Shape`] from its `Deserialize` implementation, in the spirit of
//! serde-reflection: a deserializer that reads nothing, records what the type asks for, and
//! hands it the smallest values that satisfy it. So the shape is the one bincode reads, with no
//! declaration beside the derives: `#[serde(skip)]` fields are absent from both, renamed variants
//! are named as serde names them.
//!
//! A value shows one variant of each enum it holds, so a type with enums is deserialized again
//! until every variant of every enum reached has been seen: each run picks, at each enum, a
//! variant not seen yet, or one that leads to an enum with a variant not seen yet. Enums are told
//! apart by their visitor's type (`Result<u64, E>` and `Result<(), E>` are two) and by where they
//! are (the named types around them), since a recursive type's `rec` depends on that. A type met
//! again inside itself is written `rec n`, and its value there is built with empty sequences,
//! `None`s and, for enums, a variant seen to need no recursion.

mod deserializer;

use crate::shape::{normalize, Shape, Variant};
use serde::de::{self, DeserializeOwned, Visitor};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// Why a type's shape could not be traced: it asks for something bincode cannot read either
/// (`deserialize_any`, as untagged enums and `serde_json::Value` do), refuses the values it is
/// offered, or recurses with no way out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    message: String,
    /// An enum (its visitor's type and variant count) whose values built inside a recursion never
    /// ended: the trace is run again building another of its variants there.
    retry: Option<(&'static str, usize)>,
}

impl ShapeError {
    fn new(message: impl Into<String>) -> ShapeError {
        ShapeError { message: message.into(), retry: None }
    }

    /// What went wrong.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot trace the type's shape: {}", self.message)
    }
}

impl std::error::Error for ShapeError {}

impl de::Error for ShapeError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        ShapeError::new(message.to_string())
    }
}

/// The shape of `T`, from its `Deserialize` implementation.
///
/// ```
/// # use serde_derive::Deserialize;
/// #[derive(Deserialize)]
/// struct Todo { id: i64, title: String, done: bool }
/// #[derive(Deserialize)]
/// enum TodoError { EmptyTitle, NotFound(i64) }
/// assert_eq!(undra_core::shape_of::<Todo>().unwrap().to_string(), "(i64,string,bool)");
/// assert_eq!(undra_core::shape_of::<Result<(), TodoError>>().unwrap().to_string(),
///            "enum{ok:unit|err:enum{emptytitle:unit|notfound:i64}}");
/// ```
///
/// An enum with no variant (a store with no fields has `enum StoreOp {}`) is `enum{}` at the top;
/// inside another type it has no value to offer, and is an error.
///
/// Cost: one deserialization per variant of each enum reached, at most; each runs in time linear
/// in the shape's size.
pub fn shape_of<T: DeserializeOwned>() -> Result<Shape, ShapeError> {
    let mut tracer = Tracer::default();
    let mut root = None;
    for _ in 0..MAXIMUM_RUNS {
        tracer.nodes.clear();
        tracer.reach = vec![HashSet::new()];
        match T::deserialize(&mut tracer) {
            Ok(_) => {}
            Err(error) if error == empty_root() => return Ok(Shape::Enum(vec![])),
            Err(ShapeError { retry: Some((visitor, count)), message }) => {
                let choice = tracer.replay_choices.entry(visitor).or_insert(0);
                *choice += 1;
                if *choice as usize >= count {
                    return Err(ShapeError::new(message));
                }
                tracer.stack.clear();
                tracer.replay = 0;
                tracer.open = 0;
                continue;
            }
            Err(error) => return Err(error),
        }
        let node = tracer.nodes.pop().ok_or_else(|| ShapeError::new("the type read nothing".to_string()))?;
        let reached = tracer.reach.pop().unwrap_or_default();
        root.get_or_insert(node);
        if !reached.iter().any(|key| !tracer.is_complete(key, &mut HashMap::new())) {
            return tracer.expand(root.as_ref().expect("a run"));
        }
    }
    Err(ShapeError::new(format!("more than {MAXIMUM_RUNS} runs to see every variant")))
}

const MAXIMUM_RUNS: usize = 100_000;
/// How deep a value built inside a recursion may nest before the type is judged to have no way out.
const MAXIMUM_REPLAY_DEPTH: usize = 256;

fn empty_root() -> ShapeError {
    ShapeError::new("an enum with no variant".to_string())
}

/// An enum, named by its visitor's type and the named types around it.
type EnumKey = Vec<&'static str>;

/// What one run recorded of a value: a shape whose enums are keys, resolved once all are seen.
#[derive(Clone, Debug)]
enum Node {
    Leaf(Shape),
    Option(Box<Node>),
    Seq(Box<Node>),
    Map(Box<Node>, Box<Node>),
    Tuple(Vec<Node>),
    Enum(EnumKey),
    Rec(usize),
}

impl Node {
    fn fields(mut nodes: Vec<Node>) -> Node {
        match nodes.len() {
            0 => Node::Leaf(Shape::Unit),
            1 => nodes.pop().expect("one field"),
            _ => Node::Tuple(nodes),
        }
    }

    /// Whether building this value surely needs no recursion (no enum, no `rec` in it).
    fn is_plain(&self) -> bool {
        match self {
            Node::Leaf(_) => true,
            Node::Option(inner) | Node::Seq(inner) => inner.is_plain(),
            Node::Map(key, value) => key.is_plain() && value.is_plain(),
            Node::Tuple(fields) => fields.iter().all(Node::is_plain),
            Node::Enum(_) | Node::Rec(_) => false,
        }
    }
}

struct EnumEntry {
    names: &'static [&'static str],
    /// Each variant's payload, once seen.
    payloads: Vec<Option<Node>>,
    /// The enums met inside each variant's payload.
    reach: Vec<HashSet<EnumKey>>,
}

#[derive(Default)]
struct Tracer {
    enums: HashMap<EnumKey, EnumEntry>,
    /// The named types (struct or enum visitors) being traced, outermost first.
    stack: Vec<&'static str>,
    /// What the values traced so far recorded, one node each.
    nodes: Vec<Node>,
    /// The enums met, for each enum variant being traced (and the root, first).
    reach: Vec<HashSet<EnumKey>>,
    /// How deep inside a recursive occurrence: building a value, recording nothing.
    replay: usize,
    /// The variant built inside a recursion for an enum (by visitor type) none of whose variants
    /// is known to need no recursion.
    replay_choices: HashMap<&'static str, u32>,
    /// How many unnamed containers (options, sequences, maps, tuples) are being traced.
    open: usize,
}

impl Tracer {
    fn is_complete(&self, key: &EnumKey, memo: &mut HashMap<EnumKey, bool>) -> bool {
        if let Some(known) = memo.get(key) {
            return *known;
        }
        let Some(entry) = self.enums.get(key) else { return false };
        let complete = entry.payloads.iter().all(Option::is_some)
            && entry.reach.iter().all(|inner| inner.iter().all(|key| self.is_complete(key, memo)));
        memo.insert(key.clone(), complete);
        complete
    }

    fn expand(&self, node: &Node) -> Result<Shape, ShapeError> {
        Ok(match node {
            Node::Leaf(shape) => shape.clone(),
            Node::Option(inner) => Shape::Option(Box::new(self.expand(inner)?)),
            Node::Seq(inner) => Shape::Seq(Box::new(self.expand(inner)?)),
            Node::Map(key, value) => Shape::Map(Box::new(self.expand(key)?), Box::new(self.expand(value)?)),
            Node::Tuple(fields) => Shape::Tuple(fields.iter().map(|f| self.expand(f)).collect::<Result<_, _>>()?),
            Node::Rec(depth) => Shape::Rec(*depth),
            Node::Enum(key) => {
                let entry = self.enums.get(key).ok_or_else(|| ShapeError::new("an enum was not seen".to_string()))?;
                let mut variants = Vec::with_capacity(entry.names.len());
                for (name, payload) in entry.names.iter().zip(&entry.payloads) {
                    let payload = payload.as_ref().ok_or_else(|| ShapeError::new(format!("variant {name} was never reached")))?;
                    variants.push(Variant { name: normalize(name), shape: self.expand(payload)? });
                }
                Shape::Enum(variants)
            }
        })
    }

    /// The depth of `visitor` among the named types being traced, if it is one of them.
    fn recursion(&self, visitor: &'static str) -> Option<usize> {
        self.stack.iter().rposition(|key| *key == visitor).map(|position| self.stack.len() - 1 - position)
    }

    fn replaying<T>(&mut self, body: impl FnOnce(&mut Self) -> Result<T, ShapeError>) -> Result<T, ShapeError> {
        if self.replay >= MAXIMUM_REPLAY_DEPTH {
            return Err(ShapeError::new("a recursive type with no way out (every variant recurses)".to_string()));
        }
        self.replay += 1;
        let result = body(self);
        self.replay -= 1;
        result
    }

    /// Traces a named type that is not an enum: its fields are what `visit` reads.
    fn named<'de, V: Visitor<'de>>(
        &mut self,
        visit: impl FnOnce(&mut Self) -> Result<V::Value, ShapeError>,
    ) -> Result<V::Value, ShapeError> {
        let key = std::any::type_name::<V>();
        let mark = self.nodes.len();
        if self.replay > 0 {
            return self.replaying(visit);
        }
        if let Some(depth) = self.recursion(key) {
            let value = self.replaying(visit)?;
            self.nodes.truncate(mark);
            self.nodes.push(Node::Rec(depth));
            return Ok(value);
        }
        self.stack.push(key);
        let value = visit(self);
        self.stack.pop();
        let value = value?;
        let fields = self.nodes.split_off(mark);
        self.nodes.push(Node::fields(fields));
        Ok(value)
    }

    /// The variant to build at an enum: one not seen yet, or one leading to an enum not seen in
    /// full; inside a recursion, one seen to need none.
    fn choose(&self, key: &EnumKey, count: usize) -> u32 {
        if self.replay > 0 {
            let visitor = *key.last().expect("a key names its enum");
            let plain = self.enums.iter().filter(|(k, _)| k.last() == Some(&visitor)).find_map(|(_, entry)| {
                entry.payloads.iter().position(|p| p.as_ref().is_some_and(Node::is_plain))
            });
            return plain.map_or_else(|| self.replay_choices.get(visitor).copied().unwrap_or(0), |v| v as u32);
        }
        let Some(entry) = self.enums.get(key) else { return 0 };
        if let Some(unseen) = entry.payloads.iter().position(Option::is_none) {
            return unseen as u32;
        }
        let mut memo = HashMap::new();
        (0..count).find(|v| entry.reach[*v].iter().any(|inner| !self.is_complete(inner, &mut memo))).unwrap_or(0) as u32
    }

    fn leaf<T>(&mut self, shape: Shape, value: T) -> T {
        self.nodes.push(Node::Leaf(shape));
        value
    }
}
