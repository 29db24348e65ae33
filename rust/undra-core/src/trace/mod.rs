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
//!
//! The trace keeps the names serde passes too (of structs, their fields, enums, their variants),
//! so that one trace gives both the shape the schema hash sees and the named types
//! [`describe`](crate::describe) hands the generator.

mod deserializer;

use crate::shape::{normalize, Field, Shape, Variant};
use serde::de::{self, DeserializeOwned, Visitor};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// Why a type's shape could not be traced: it asks for something bincode cannot read either
/// (`deserialize_any`, as untagged enums and `serde_json::Value` do), refuses the values it is
/// offered, or recurses with no way out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    message: String,
    /// Where in the type the trace was: `TodosOp::Visible > Todo.tags` (empty at the top).
    path: String,
    /// An enum (its visitor's type and variant count) whose values built inside a recursion never
    /// ended: the trace is run again building another of its variants there.
    retry: Option<(&'static str, usize)>,
}

impl ShapeError {
    fn new(message: impl Into<String>) -> ShapeError {
        ShapeError { message: message.into(), path: String::new(), retry: None }
    }

    /// What went wrong.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where in the type it went wrong: the named types, fields and variants from the outermost
    /// in (`TodosOp::Visible > Todo.tags`), empty at the top.
    pub fn path(&self) -> &str {
        &self.path
    }

    pub(crate) fn at(mut self, path: String) -> ShapeError {
        if self.path.is_empty() {
            self.path = path;
        }
        self
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot trace the type's shape: {}", self.message)?;
        if !self.path.is_empty() {
            write!(f, " (in {})", self.path)?;
        }
        Ok(())
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
/// assert_eq!(undra_core::shape_of::<Todo>().unwrap().to_string(), "(id:i64,title:string,done:bool)");
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
    trace::<T>()?.shape()
}

/// A type traced: its value's node, and every enum it reaches with each variant's payload.
pub(crate) struct Traced {
    pub(crate) root: Node,
    enums: HashMap<EnumKey, EnumEntry>,
}

/// An enum of a trace: its serde name and its variants' names and payloads.
pub(crate) struct TracedEnum<'a> {
    pub(crate) name: &'static str,
    pub(crate) variants: Vec<(&'static str, &'a Body)>,
}

impl Traced {
    /// The shape the schema hash sees.
    pub(crate) fn shape(&self) -> Result<Shape, ShapeError> {
        self.expand(&self.root)
    }

    /// The enum `key` names (every enum a node names was seen in full).
    pub(crate) fn enumeration(&self, key: &EnumKey) -> Result<TracedEnum<'_>, ShapeError> {
        let entry = self.enums.get(key).ok_or_else(|| ShapeError::new("an enum was not seen".to_string()))?;
        let mut variants = Vec::with_capacity(entry.names.len());
        for (name, payload) in entry.names.iter().zip(&entry.payloads) {
            let payload =
                payload.as_ref().ok_or_else(|| ShapeError::new(format!("variant {name} was never reached")))?;
            variants.push((*name, payload));
        }
        Ok(TracedEnum { name: entry.name, variants })
    }

    fn expand(&self, node: &Node) -> Result<Shape, ShapeError> {
        Ok(match node {
            Node::Leaf(shape) => shape.clone(),
            Node::Bytes => Shape::Seq(Box::new(Shape::U8)),
            Node::Option(inner) => Shape::Option(Box::new(self.expand(inner)?)),
            Node::Seq(inner, _) => Shape::Seq(Box::new(self.expand(inner)?)),
            Node::Map(key, value) => Shape::Map(Box::new(self.expand(key)?), Box::new(self.expand(value)?)),
            Node::Tuple(fields) => Shape::fields(fields.iter().map(|f| self.expand(f)).collect::<Result<_, _>>()?),
            Node::Named(_, body) => self.expand_body(body)?,
            Node::Rec(depth) => Shape::Rec(*depth),
            Node::Enum(key) => {
                let enumeration = self.enumeration(key)?;
                let mut variants = Vec::with_capacity(enumeration.variants.len());
                for (name, payload) in enumeration.variants {
                    variants.push(Variant { name: normalize(name), shape: self.expand_body(payload)? });
                }
                Shape::Enum(variants)
            }
        })
    }

    fn expand_body(&self, body: &Body) -> Result<Shape, ShapeError> {
        Ok(match body {
            Body::Unit => Shape::Unit,
            Body::Newtype(inner) => self.expand(inner)?,
            Body::Tuple(fields) => Shape::fields(fields.iter().map(|f| self.expand(f)).collect::<Result<_, _>>()?),
            Body::Struct(fields) => Shape::named_fields(
                fields
                    .iter()
                    .map(|(name, node)| Ok(Field::new(name, self.expand(node)?)))
                    .collect::<Result<_, ShapeError>>()?,
            ),
        })
    }
}

/// Traces `T`: a value of it built, every variant of every enum it reaches seen.
pub(crate) fn trace<T: DeserializeOwned>() -> Result<Traced, ShapeError> {
    let mut tracer = Tracer::default();
    let mut root = None;
    for _ in 0..MAXIMUM_RUNS {
        tracer.nodes.clear();
        tracer.reach = vec![HashSet::new()];
        match T::deserialize(&mut tracer) {
            Ok(_) => {}
            Err(error) if error.message == empty_root().message => {
                return Ok(Traced { root: Node::Leaf(Shape::Enum(vec![])), enums: HashMap::new() })
            }
            Err(ShapeError { retry: Some((visitor, count)), message, path }) => {
                let choice = tracer.replay_choices.entry(visitor).or_insert(0);
                *choice += 1;
                if *choice as usize >= count {
                    return Err(ShapeError::new(message).at(path));
                }
                tracer.stack.clear();
                tracer.trail.clear();
                tracer.variant_kinds.clear();
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
            return Ok(Traced { root: root.expect("a run"), enums: tracer.enums });
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

/// What one run recorded of a value: its shape, with serde's names, whose enums are keys,
/// resolved once all are seen.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// A primitive, `()`, or (at the top) an enum of no variant.
    Leaf(Shape),
    /// `deserialize_bytes`: the shape of a `seq<u8>`.
    Bytes,
    Option(Box<Node>),
    Seq(Box<Node>, Collection),
    Map(Box<Node>, Box<Node>),
    /// An anonymous tuple (or array).
    Tuple(Vec<Node>),
    /// A struct, tuple struct, newtype or unit struct, by its serde name.
    Named(&'static str, Body),
    Enum(EnumKey),
    /// The n-th enclosing named type (0 the innermost).
    Rec(usize),
}

/// What a sequence is in Rust: serde reads both alike, the visitor's type tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Collection {
    List,
    Set,
}

/// The fields of a named type or of an enum variant.
#[derive(Clone, Debug)]
pub(crate) enum Body {
    Unit,
    Newtype(Box<Node>),
    Tuple(Vec<Node>),
    Struct(Vec<(&'static str, Node)>),
}

impl Body {
    /// The body of fields read as `kind` says.
    fn of(kind: VariantKind, mut nodes: Vec<Node>) -> Body {
        match kind {
            VariantKind::Unit if nodes.is_empty() => Body::Unit,
            VariantKind::Newtype if nodes.len() == 1 => Body::Newtype(Box::new(nodes.pop().expect("one field"))),
            VariantKind::Struct(names) if names.len() == nodes.len() => {
                Body::Struct(names.iter().copied().zip(nodes).collect())
            }
            _ => Body::Tuple(nodes),
        }
    }

    fn is_plain(&self) -> bool {
        match self {
            Body::Unit => true,
            Body::Newtype(inner) => inner.is_plain(),
            Body::Tuple(fields) => fields.iter().all(Node::is_plain),
            Body::Struct(fields) => fields.iter().all(|(_, node)| node.is_plain()),
        }
    }
}

/// How a variant's (or a named type's) fields are read.
#[derive(Clone, Copy, Debug)]
pub(crate) enum VariantKind {
    Unit,
    Newtype,
    Tuple,
    Struct(&'static [&'static str]),
}

impl Node {
    /// Whether building this value surely needs no recursion (no enum, no `rec` in it).
    fn is_plain(&self) -> bool {
        match self {
            Node::Leaf(_) | Node::Bytes => true,
            Node::Option(inner) | Node::Seq(inner, _) => inner.is_plain(),
            Node::Map(key, value) => key.is_plain() && value.is_plain(),
            Node::Tuple(fields) => fields.iter().all(Node::is_plain),
            Node::Named(_, body) => body.is_plain(),
            Node::Enum(_) | Node::Rec(_) => false,
        }
    }
}

struct EnumEntry {
    /// The enum's serde name.
    name: &'static str,
    names: &'static [&'static str],
    /// Each variant's payload, once seen.
    payloads: Vec<Option<Body>>,
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
    /// How each enum variant being built reads its fields (innermost last), set by the variant.
    variant_kinds: Vec<VariantKind>,
    /// Where the trace is, for errors: names of the types, fields and variants, outermost first.
    trail: Vec<String>,
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

    /// Traces a named type that is not an enum, `name` to serde: its fields are what `visit`
    /// reads, as `kind` says.
    fn named<'de, V: Visitor<'de>>(
        &mut self,
        name: &'static str,
        kind: VariantKind,
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
        self.trail.push(if self.trail.is_empty() { name.to_string() } else { format!(" > {name}") });
        let value = visit(self);
        self.trail.pop();
        self.stack.pop();
        let value = value?;
        let fields = self.nodes.split_off(mark);
        self.nodes.push(Node::Named(name, Body::of(kind, fields)));
        Ok(value)
    }

    /// An error at the trace's current place.
    fn error(&self, message: impl Into<String>) -> ShapeError {
        ShapeError::new(message).at(self.trail.concat())
    }

    /// The variant to build at an enum: one not seen yet, or one leading to an enum not seen in
    /// full; inside a recursion, one seen to need none.
    fn choose(&self, key: &EnumKey, count: usize) -> u32 {
        if self.replay > 0 {
            let visitor = *key.last().expect("a key names its enum");
            let plain = self
                .enums
                .iter()
                .filter(|(k, _)| k.last() == Some(&visitor))
                .find_map(|(_, entry)| entry.payloads.iter().position(|p| p.as_ref().is_some_and(Body::is_plain)));
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
