//! What `undra bindgen` reads of a core: each store's fields, commands and outcomes, and every
//! type they reach, with Rust's names (docs/BINDGEN.md). Traced from the same `Deserialize`
//! implementations as the schema hash, so the generated Swift cannot describe another schema.
//!
//! A core exports its description with [`export_core!`](crate::export_core)
//! (`undra_core_describe`); the generator loads the built library and reads it.

use crate::schema::Schema;
use crate::shape::Shape;
use crate::trace::{trace, Body, Collection, Node, Traced};
use crate::{ShapeError, Store};
use serde_derive::{Deserialize, Serialize};
use std::fmt;

/// The version of [`CoreDescription`]'s form: a generator refuses a description of another, by
/// this number, before it reads the rest. 2: `TypeRef::SystemTime`.
pub const DESCRIPTION_FORMAT: u32 = 2;

/// A core's stores, in store-index order, as the generator reads them.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct CoreDescription {
    /// [`DESCRIPTION_FORMAT`] when it was made.
    pub format: u32,
    /// The stores, by index.
    pub stores: Vec<StoreDescription>,
}

/// One store: its name, schema, fields, commands, and the types they reach.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct StoreDescription {
    /// Its index in the app's store enum.
    pub index: u32,
    /// `Store::NAME`, as written.
    pub name: String,
    /// Its schema description (docs/WIRE.md, "The schema hash") and hash.
    pub schema: String,
    /// The schema's hash.
    pub hash: u64,
    /// Its fields, in id order: the op enum's variants.
    pub fields: Vec<FieldDescription>,
    /// Its commands, in index order: the command enum's variants, each with its outcome.
    pub commands: Vec<CommandDescription>,
    /// Every named type the fields, commands and outcomes reach, in the order first reached.
    pub types: Vec<TypeDefinition>,
}

/// A field: an op variant.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct FieldDescription {
    /// Its id (the variant's index).
    pub id: u32,
    /// The variant's name, as Rust writes it (`LastEvent`).
    pub name: String,
    /// Whether its changes are merged within a frame; false for a variant that holds a
    /// [`NoCoalesce`](crate::NoCoalesce) (every value is delivered).
    pub coalesces: bool,
    /// What it holds.
    pub kind: FieldKind,
}

/// A scalar field's value, or a keyed list's key and row.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A value, replaced whole.
    Scalar(TypeRef),
    /// A keyed list (a [`ListOp`](crate::ListOp) variant).
    List {
        /// The rows' key.
        key: TypeRef,
        /// The rows.
        row: TypeRef,
    },
}

/// A command: a command variant and its outcome variant's `Result`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct CommandDescription {
    /// Its index (the variant's).
    pub index: u32,
    /// The variant's name, as Rust writes it (`SetFilter`).
    pub name: String,
    /// What the command carries: its parameters.
    pub payload: Payload,
    /// The outcome's `Ok` type.
    pub success: TypeRef,
    /// The outcome's `Err` type.
    pub failure: TypeRef,
}

/// A type where it is used.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // the primitives are serde's types of the same names
pub enum TypeRef {
    Unit,
    Bool,
    U8,
    U16,
    U32,
    U64,
    U128,
    I8,
    I16,
    I32,
    I64,
    I128,
    F32,
    F64,
    Char,
    String,
    /// serde's bytes (`serde_bytes`, a type that reads bytes): the same wire as a `Vec<u8>`.
    Bytes,
    /// `std::time::Duration`.
    Duration,
    /// `std::time::SystemTime`: serde's struct `{ secs_since_epoch: u64, nanos_since_epoch: u32 }`.
    SystemTime,
    Option(Box<TypeRef>),
    /// A `Vec` or any sequence but a set.
    Seq(Box<TypeRef>),
    /// A `HashSet` or `BTreeSet`.
    Set(Box<TypeRef>),
    Map(Box<TypeRef>, Box<TypeRef>),
    /// An anonymous tuple (or array) of two or more.
    Tuple(Vec<TypeRef>),
    Result(Box<TypeRef>, Box<TypeRef>),
    /// A struct or enum of [`StoreDescription::types`], by its name.
    Named(String),
}

/// A named type: a struct (of any form) or an enum.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct TypeDefinition {
    /// Its name, as serde names it (the Rust name, without path or generic arguments).
    pub name: String,
    /// Its fields or variants.
    pub body: TypeBody,
}

/// A struct's fields, or an enum's variants.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum TypeBody {
    /// A unit struct, a newtype, a tuple struct, a struct.
    Struct(Payload),
    /// An enum's variants, in declaration order.
    Enum(Vec<VariantDefinition>),
}

/// An enum variant.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct VariantDefinition {
    /// Its name, as Rust writes it.
    pub name: String,
    /// Its fields.
    pub payload: Payload,
}

/// The fields of a struct, a variant or a command.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Payload {
    /// None.
    Unit,
    /// One, unnamed.
    Newtype(TypeRef),
    /// Two or more, unnamed.
    Tuple(Vec<TypeRef>),
    /// Named (`{ title: String }`), any number.
    Struct(Vec<NamedField>),
}

/// A named field.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct NamedField {
    /// Its name, as Rust writes it.
    pub name: String,
    /// Its type.
    pub value: TypeRef,
}

/// Why a store cannot be described: each kind is a refusal of the generator, which names its code.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct DescribeError {
    /// What kind of problem.
    pub kind: DescribeErrorKind,
    /// What, and where: the store, the type and the path to it.
    pub message: String,
}

/// The kinds of [`DescribeError`].
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DescribeErrorKind {
    /// A type the wire cannot carry (`deserialize_any`, an untagged enum, an enum of no variant
    /// inside another type, a recursion with no way out).
    Untraceable,
    /// Two different types share a name (two instances of one generic type, or two types of one
    /// name in two modules).
    ConflictingNames,
    /// The op enum is not one variant per field, each holding one value.
    NotAnOpEnum,
    /// The outcome enum does not match the command enum, variant for variant, each a `Result`.
    OutcomeMismatch,
    /// The core could not be started to visit its stores.
    NoCore,
}

impl fmt::Display for DescribeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DescribeError {}

impl DescribeError {
    fn new(kind: DescribeErrorKind, message: impl Into<String>) -> DescribeError {
        DescribeError { kind, message: message.into() }
    }

    fn untraceable(store: &str, part: &str, error: ShapeError) -> DescribeError {
        let place = if error.path().is_empty() { String::new() } else { format!(", in {}", error.path()) };
        DescribeError::new(
            DescribeErrorKind::Untraceable,
            format!("store {store}: its {part} cannot be traced{place}: {}", error.message()),
        )
    }
}

/// The description of store `S` as the app's store `index`.
///
/// Cost: tracing its three types (see [`shape_of`](crate::shape_of)).
pub fn describe<S: Store>(index: u32) -> Result<StoreDescription, DescribeError> {
    let ops = trace::<S::Op>().map_err(|e| DescribeError::untraceable(S::NAME, "op enum", e))?;
    let command = trace::<S::Command>().map_err(|e| DescribeError::untraceable(S::NAME, "command enum", e))?;
    let outcome = trace::<S::Outcome>().map_err(|e| DescribeError::untraceable(S::NAME, "outcome enum", e))?;
    let shape = |traced: &Traced, part: &str| traced.shape().map_err(|e| DescribeError::untraceable(S::NAME, part, e));
    let schema = Schema::new(
        S::NAME,
        &shape(&ops, "op enum")?,
        &shape(&command, "command enum")?,
        &shape(&outcome, "outcome enum")?,
    );
    let mut types = Types { store: S::NAME, definitions: vec![], enclosing: vec![] };
    let fields = types.fields(&ops)?;
    let commands = types.commands(&command, &outcome)?;
    Ok(StoreDescription {
        index,
        name: S::NAME.to_string(),
        schema: schema.description,
        hash: schema.hash,
        fields,
        commands,
        types: types.definitions,
    })
}

/// The serde name of [`NoCoalesce`]: a name no user type is likely to take.
const NO_COALESCE: &str = "UndraNoCoalesce";

/// An op variant's value that does not coalesce: `LastEvent(NoCoalesce<String>)`. The host keeps
/// every value the field takes, in order, where it would otherwise merge a frame's values into the
/// last (docs/BINDGEN.md, "Events"); the generator declares the field `coalesces: false`. On the
/// wire it is its value: `NoCoalesce(x)` and `x` write the same bytes, and the schema is the same.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename = "UndraNoCoalesce")]
pub struct NoCoalesce<T>(pub T);

/// Every store of `core`, described, in store-index order.
///
/// Fails if a store cannot be described (see [`DescribeError`]), or if two stores share an index
/// or a name.
pub fn describe_core<C: crate::Core + ?Sized>(core: &mut C) -> Result<CoreDescription, DescribeError> {
    let mut stores: Vec<StoreDescription> = vec![];
    let mut failure = None;
    core.sessions(&mut |session| match session.describe() {
        Ok(store) => stores.push(store),
        Err(error) => {
            failure.get_or_insert(error);
        }
    });
    if let Some(error) = failure {
        return Err(error);
    }
    for (position, store) in stores.iter().enumerate() {
        if let Some(other) = stores[..position]
            .iter()
            .find(|s| s.index == store.index || crate::normalize(&s.name) == crate::normalize(&store.name))
        {
            return Err(DescribeError::new(
                DescribeErrorKind::NotAnOpEnum,
                format!(
                    "stores {} (index {}) and {} (index {}) share an index or a name",
                    other.name, other.index, store.name, store.index
                ),
            ));
        }
    }
    Ok(CoreDescription { format: DESCRIPTION_FORMAT, stores })
}

/// The named types met so far, and the conversion of a trace's nodes to [`TypeRef`]s.
struct Types<'s> {
    store: &'s str,
    definitions: Vec<TypeDefinition>,
    /// The names of the named types being converted, outermost first: what a `rec n` names.
    enclosing: Vec<String>,
}

impl Types<'_> {
    fn fields(&mut self, ops: &Traced) -> Result<Vec<FieldDescription>, DescribeError> {
        let key = match &ops.root {
            Node::Enum(key) => key,
            Node::Leaf(Shape::Enum(variants)) if variants.is_empty() => return Ok(vec![]),
            _ => return Err(self.not_an_op_enum("its op enum is not an enum")),
        };
        let enumeration = ops.enumeration(key).map_err(|e| DescribeError::untraceable(self.store, "op enum", e))?;
        self.enclosing.push(enumeration.name.to_string());
        let mut fields = vec![];
        for (id, (name, body)) in enumeration.variants.iter().enumerate() {
            let Body::Newtype(node) = body else {
                return Err(self.not_an_op_enum(&format!(
                    "op variant {name} holds {}, not one value (the field's)",
                    describe_body(body)
                )));
            };
            let (node, coalesces) = match node.as_ref() {
                Node::Named(name, Body::Newtype(inner)) if *name == NO_COALESCE => (inner.as_ref(), false),
                node => (node, true),
            };
            // The wrapper is a named type to the trace, whose `rec`s count it.
            if !coalesces {
                self.enclosing.push(NO_COALESCE.to_string());
            }
            let kind = match self.list_op(ops, node)? {
                Some((key, row)) => FieldKind::List { key, row },
                None => FieldKind::Scalar(self.type_ref(ops, node)?),
            };
            if !coalesces {
                self.enclosing.pop();
            }
            fields.push(FieldDescription { id: id as u32, name: name.to_string(), coalesces, kind });
        }
        self.enclosing.pop();
        Ok(fields)
    }

    /// A `ListOp<K, R>`'s key and row, if `node` is one.
    fn list_op(&mut self, traced: &Traced, node: &Node) -> Result<Option<(TypeRef, TypeRef)>, DescribeError> {
        let Node::Enum(key) = node else { return Ok(None) };
        let enumeration = traced.enumeration(key).map_err(|e| DescribeError::untraceable(self.store, "op enum", e))?;
        let names: Vec<&str> = enumeration.variants.iter().map(|(name, _)| *name).collect();
        if enumeration.name != "ListOp" || names != ["Reset", "Insert", "Update", "Remove", "Move"] {
            return Ok(None);
        }
        let Body::Tuple(pair) = enumeration.variants[2].1 else { return Ok(None) };
        let [key, row] = pair.as_slice() else { return Ok(None) };
        self.enclosing.push("ListOp".to_string());
        let result = (self.type_ref(traced, key)?, self.type_ref(traced, row)?);
        self.enclosing.pop();
        Ok(Some(result))
    }

    fn commands(&mut self, command: &Traced, outcome: &Traced) -> Result<Vec<CommandDescription>, DescribeError> {
        let (commands, outcomes) = match (&command.root, &outcome.root) {
            (Node::Leaf(Shape::Unit), Node::Leaf(Shape::Unit)) => return Ok(vec![]),
            (Node::Enum(c), Node::Enum(o)) => (
                command.enumeration(c).map_err(|e| DescribeError::untraceable(self.store, "command enum", e))?,
                outcome.enumeration(o).map_err(|e| DescribeError::untraceable(self.store, "outcome enum", e))?,
            ),
            _ => return Err(self.outcome_mismatch("its command and outcome types are not two enums (or both `()`)")),
        };
        if commands.variants.len() != outcomes.variants.len() {
            return Err(self.outcome_mismatch(&format!(
                "its command enum {} has {} variants and its outcome enum {} has {}",
                commands.name,
                commands.variants.len(),
                outcomes.name,
                outcomes.variants.len()
            )));
        }
        let mut described = vec![];
        for (index, ((name, payload), (outcome_name, result))) in
            commands.variants.iter().zip(&outcomes.variants).enumerate()
        {
            if crate::normalize(name) != crate::normalize(outcome_name) {
                return Err(self.outcome_mismatch(&format!(
                    "command variant {index} is {name}, its outcome variant is {outcome_name}"
                )));
            }
            self.enclosing.push(commands.name.to_string());
            let payload = self.payload(command, payload)?;
            self.enclosing.pop();
            self.enclosing.push(outcomes.name.to_string());
            let result = match result {
                Body::Newtype(node) => self.type_ref(outcome, node)?,
                _ => TypeRef::Unit,
            };
            self.enclosing.pop();
            let TypeRef::Result(success, failure) = result else {
                return Err(self.outcome_mismatch(&format!("outcome variant {outcome_name} does not hold a Result")));
            };
            described.push(CommandDescription {
                index: index as u32,
                name: name.to_string(),
                payload,
                success: *success,
                failure: *failure,
            });
        }
        Ok(described)
    }

    fn payload(&mut self, traced: &Traced, body: &Body) -> Result<Payload, DescribeError> {
        Ok(match body {
            Body::Unit => Payload::Unit,
            Body::Newtype(node) => Payload::Newtype(self.type_ref(traced, node)?),
            Body::Tuple(nodes) if nodes.is_empty() => Payload::Unit,
            Body::Tuple(nodes) => {
                Payload::Tuple(nodes.iter().map(|n| self.type_ref(traced, n)).collect::<Result<_, _>>()?)
            }
            Body::Struct(fields) => Payload::Struct(
                fields
                    .iter()
                    .map(|(name, node)| Ok(NamedField { name: name.to_string(), value: self.type_ref(traced, node)? }))
                    .collect::<Result<_, DescribeError>>()?,
            ),
        })
    }

    fn type_ref(&mut self, traced: &Traced, node: &Node) -> Result<TypeRef, DescribeError> {
        Ok(match node {
            Node::Leaf(shape) => match shape {
                Shape::Unit => TypeRef::Unit,
                Shape::Bool => TypeRef::Bool,
                Shape::U8 => TypeRef::U8,
                Shape::U16 => TypeRef::U16,
                Shape::U32 => TypeRef::U32,
                Shape::U64 => TypeRef::U64,
                Shape::U128 => TypeRef::U128,
                Shape::I8 => TypeRef::I8,
                Shape::I16 => TypeRef::I16,
                Shape::I32 => TypeRef::I32,
                Shape::I64 => TypeRef::I64,
                Shape::I128 => TypeRef::I128,
                Shape::F32 => TypeRef::F32,
                Shape::F64 => TypeRef::F64,
                Shape::Char => TypeRef::Char,
                Shape::String => TypeRef::String,
                other => {
                    return Err(DescribeError::new(
                        DescribeErrorKind::Untraceable,
                        format!("store {}: an unexpected leaf {other}", self.store),
                    ))
                }
            },
            Node::Bytes => TypeRef::Bytes,
            Node::Option(inner) => TypeRef::Option(Box::new(self.type_ref(traced, inner)?)),
            Node::Seq(inner, Collection::List) => TypeRef::Seq(Box::new(self.type_ref(traced, inner)?)),
            Node::Seq(inner, Collection::Set) => TypeRef::Set(Box::new(self.type_ref(traced, inner)?)),
            Node::Map(key, value) => {
                TypeRef::Map(Box::new(self.type_ref(traced, key)?), Box::new(self.type_ref(traced, value)?))
            }
            Node::Tuple(nodes) => match nodes.as_slice() {
                [] => TypeRef::Unit,
                [only] => self.type_ref(traced, only)?,
                _ => TypeRef::Tuple(nodes.iter().map(|n| self.type_ref(traced, n)).collect::<Result<_, _>>()?),
            },
            Node::Rec(depth) => {
                let position = self.enclosing.len().checked_sub(depth + 1);
                let name = position.and_then(|p| self.enclosing.get(p)).cloned();
                TypeRef::Named(name.ok_or_else(|| {
                    DescribeError::new(
                        DescribeErrorKind::Untraceable,
                        format!("store {}: a recursion past its outermost type", self.store),
                    )
                })?)
            }
            Node::Named(name, body) => self.named(traced, name, body)?,
            Node::Enum(key) => {
                let enumeration =
                    traced.enumeration(key).map_err(|e| DescribeError::untraceable(self.store, "types", e))?;
                let names: Vec<&str> = enumeration.variants.iter().map(|(name, _)| *name).collect();
                self.enclosing.push(enumeration.name.to_string());
                let result = if enumeration.name == "Result" && names == ["Ok", "Err"] {
                    let mut sides = vec![];
                    for (_, body) in &enumeration.variants {
                        sides.push(match body {
                            Body::Newtype(node) => self.type_ref(traced, node)?,
                            _ => TypeRef::Unit,
                        });
                    }
                    let failure = sides.pop().expect("two sides");
                    TypeRef::Result(Box::new(sides.pop().expect("two sides")), Box::new(failure))
                } else {
                    let mut variants = vec![];
                    for (name, body) in &enumeration.variants {
                        variants
                            .push(VariantDefinition { name: name.to_string(), payload: self.payload(traced, body)? });
                    }
                    self.define(enumeration.name, TypeBody::Enum(variants))?
                };
                self.enclosing.pop();
                result
            }
        })
    }

    fn named(&mut self, traced: &Traced, name: &'static str, body: &Body) -> Result<TypeRef, DescribeError> {
        if let Body::Unit = body {
            return self.define(name, TypeBody::Struct(Payload::Unit));
        }
        self.enclosing.push(name.to_string());
        let payload = self.payload(traced, body);
        self.enclosing.pop();
        let payload = payload?;
        let field_names = |payload: &Payload| match payload {
            Payload::Struct(fields) => fields.iter().map(|f| (f.name.clone(), f.value.clone())).collect(),
            _ => vec![],
        };
        let fields: Vec<(String, TypeRef)> = field_names(&payload);
        let is_duration = fields.len() == 2
            && fields[0] == ("secs".to_string(), TypeRef::U64)
            && fields[1] == ("nanos".to_string(), TypeRef::U32);
        let is_system_time = fields.len() == 2
            && fields[0] == ("secs_since_epoch".to_string(), TypeRef::U64)
            && fields[1] == ("nanos_since_epoch".to_string(), TypeRef::U32);
        match name {
            "Duration" if is_duration => Ok(TypeRef::Duration),
            "SystemTime" if is_system_time => Ok(TypeRef::SystemTime),
            NO_COALESCE => match payload {
                Payload::Newtype(inner) => Ok(inner),
                _ => Ok(TypeRef::Unit),
            },
            _ => self.define(name, TypeBody::Struct(payload)),
        }
    }

    /// Records the type `name` (once: a second definition of the name must be the same).
    fn define(&mut self, name: &str, body: TypeBody) -> Result<TypeRef, DescribeError> {
        match self.definitions.iter().find(|d| d.name == name) {
            Some(existing) if existing.body != body => Err(DescribeError::new(
                DescribeErrorKind::ConflictingNames,
                format!(
                    "store {}: two different types are named {name} (two instances of one generic type, or types of one name in two \
                     modules): rename one, or wrap the generic type in a struct of its own",
                    self.store
                ),
            )),
            Some(_) => Ok(TypeRef::Named(name.to_string())),
            None => {
                self.definitions.push(TypeDefinition { name: name.to_string(), body });
                Ok(TypeRef::Named(name.to_string()))
            }
        }
    }

    fn not_an_op_enum(&self, why: &str) -> DescribeError {
        DescribeError::new(
            DescribeErrorKind::NotAnOpEnum,
            format!(
                "store {}: {why}: an op enum has one variant per field, each holding the field's value",
                self.store
            ),
        )
    }

    fn outcome_mismatch(&self, why: &str) -> DescribeError {
        DescribeError::new(
            DescribeErrorKind::OutcomeMismatch,
            format!("store {}: {why}: the outcome enum has one variant per command, of the same name, each holding a Result", self.store),
        )
    }
}

fn describe_body(body: &Body) -> String {
    match body {
        Body::Unit => "nothing".to_string(),
        Body::Newtype(_) => "one value".to_string(),
        Body::Tuple(fields) => format!("{} values", fields.len()),
        Body::Struct(fields) => format!("{} named fields", fields.len()),
    }
}
