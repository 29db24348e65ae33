//! The tracer as serde sees it: a `Deserializer` that reads nothing and offers each type the
//! smallest values it accepts, recording on the [`Tracer`] what each asked for.

use super::{empty_root, Body, Collection, EnumEntry, Node, ShapeError, Tracer, VariantKind, MAXIMUM_REPLAY_DEPTH};
use crate::shape::Shape;
use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use std::collections::HashSet;

/// Offers exactly `remaining` elements: a struct's fields if `names` names them.
struct Elements<'a> {
    tracer: &'a mut Tracer,
    remaining: usize,
    names: &'static [&'static str],
}

impl<'a> Elements<'a> {
    fn new(tracer: &'a mut Tracer, remaining: usize) -> Elements<'a> {
        Elements { tracer, remaining, names: &[] }
    }

    fn fields(tracer: &'a mut Tracer, names: &'static [&'static str]) -> Elements<'a> {
        Elements { tracer, remaining: names.len(), names }
    }
}

impl<'de, 'a> de::SeqAccess<'de> for Elements<'a> {
    type Error = ShapeError;
    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>, ShapeError> {
        if self.remaining == 0 {
            return Ok(None);
        }
        let name = self.names.len().checked_sub(self.remaining).and_then(|index| self.names.get(index));
        self.remaining -= 1;
        let Some(name) = name else { return seed.deserialize(&mut *self.tracer).map(Some) };
        self.tracer.trail.push(format!(".{name}"));
        let value = seed.deserialize(&mut *self.tracer);
        self.tracer.trail.pop();
        value.map(Some)
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.remaining)
    }
}

impl<'de, 'a> de::MapAccess<'de> for Elements<'a> {
    type Error = ShapeError;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, ShapeError> {
        if self.remaining == 0 {
            return Ok(None);
        }
        self.remaining -= 1;
        seed.deserialize(&mut *self.tracer).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, ShapeError> {
        seed.deserialize(&mut *self.tracer)
    }
}

/// Builds variant `index` of an enum, telling the tracer how the variant reads its fields.
struct Choice<'a> {
    tracer: &'a mut Tracer,
    index: u32,
}

impl<'a> Choice<'a> {
    fn reads(&mut self, kind: VariantKind) {
        if let Some(top) = self.tracer.variant_kinds.last_mut() {
            *top = kind;
        }
    }
}

impl<'de, 'a> de::EnumAccess<'de> for Choice<'a> {
    type Error = ShapeError;
    type Variant = Self;
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), ShapeError> {
        let deserializer: de::value::U32Deserializer<ShapeError> = self.index.into_deserializer();
        Ok((seed.deserialize(deserializer)?, self))
    }
}

impl<'de, 'a> de::VariantAccess<'de> for Choice<'a> {
    type Error = ShapeError;
    fn unit_variant(mut self) -> Result<(), ShapeError> {
        self.reads(VariantKind::Unit);
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(mut self, seed: T) -> Result<T::Value, ShapeError> {
        self.reads(VariantKind::Newtype);
        seed.deserialize(self.tracer)
    }
    fn tuple_variant<V: Visitor<'de>>(mut self, len: usize, visitor: V) -> Result<V::Value, ShapeError> {
        self.reads(VariantKind::Tuple);
        visitor.visit_seq(Elements::new(self.tracer, len))
    }
    fn struct_variant<V: Visitor<'de>>(
        mut self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        self.reads(VariantKind::Struct(fields));
        visitor.visit_seq(Elements::fields(self.tracer, fields))
    }
}

/// The primitives: each offers `$value` (for integers 1, not 0: a `NonZero` type accepts it too).
macro_rules! leaves {
    ($($method:ident $visit:ident $shape:ident $value:expr;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
            let value = visitor.$visit($value)?;
            Ok(self.leaf(Shape::$shape, value))
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Tracer {
    type Error = ShapeError;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, ShapeError> {
        Err(self.error("the type reads a self-describing value (deserialize_any), which bincode cannot read either"))
    }

    leaves! {
        deserialize_bool visit_bool Bool false;
        deserialize_u8 visit_u8 U8 1;
        deserialize_u16 visit_u16 U16 1;
        deserialize_u32 visit_u32 U32 1;
        deserialize_u64 visit_u64 U64 1;
        deserialize_u128 visit_u128 U128 1;
        deserialize_i8 visit_i8 I8 1;
        deserialize_i16 visit_i16 I16 1;
        deserialize_i32 visit_i32 I32 1;
        deserialize_i64 visit_i64 I64 1;
        deserialize_i128 visit_i128 I128 1;
        deserialize_f32 visit_f32 F32 0.0;
        deserialize_f64 visit_f64 F64 0.0;
        deserialize_char visit_char Char 'a';
        deserialize_str visit_str String "";
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
        // Sixteen bytes, not none: a type that reads itself from a fixed number of bytes takes
        // them (a `Uuid` reads 16), and any byte buffer takes them too.
        let value = visitor.visit_bytes(&[0; 16]).map_err(|error: ShapeError| error.at(self.trail.concat()))?;
        self.nodes.push(Node::Bytes);
        Ok(value)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
        if self.replay > 0 {
            let value = visitor.visit_none()?;
            return Ok(self.leaf(Shape::Unit, value));
        }
        self.open += 1;
        let value = visitor.visit_some(&mut *self);
        self.open -= 1;
        let value = value?;
        let inner = self.nodes.pop().ok_or_else(|| ShapeError::new("an option read nothing".to_string()))?;
        self.nodes.push(Node::Option(Box::new(inner)));
        Ok(value)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
        let value = visitor.visit_unit()?;
        Ok(self.leaf(Shape::Unit, value))
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value, ShapeError> {
        let value = visitor.visit_unit()?;
        self.nodes.push(Node::Named(name, Body::Unit));
        Ok(value)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        self.named::<V>(name, VariantKind::Newtype, |tracer| visitor.visit_newtype_struct(tracer))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
        let remaining = if self.replay > 0 { 0 } else { 1 };
        let mark = self.nodes.len();
        self.open += 1;
        let value = visitor.visit_seq(Elements::new(&mut *self, remaining));
        self.open -= 1;
        let value = value?;
        let element = self.nodes.split_off(mark).pop();
        // A set reads as a sequence: its visitor is serde's, for the set type.
        let visitor_type = std::any::type_name::<V>();
        let collection = if visitor_type.contains("HashSet<") || visitor_type.contains("BTreeSet<") {
            Collection::Set
        } else {
            Collection::List
        };
        let node = match (element, remaining) {
            (Some(element), _) => Node::Seq(Box::new(element), collection),
            (None, 0) => Node::Leaf(Shape::Unit),
            (None, _) => return Err(self.error("a sequence read no element")),
        };
        self.nodes.push(node);
        Ok(value)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, ShapeError> {
        let mark = self.nodes.len();
        self.open += 1;
        let value = visitor.visit_seq(Elements::new(&mut *self, len));
        self.open -= 1;
        let value = value?;
        let fields = self.nodes.split_off(mark);
        self.nodes.push(Node::Tuple(fields));
        Ok(value)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        self.named::<V>(name, VariantKind::Tuple, |tracer| visitor.visit_seq(Elements::new(tracer, len)))
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ShapeError> {
        let remaining = if self.replay > 0 { 0 } else { 1 };
        let mark = self.nodes.len();
        self.open += 1;
        let value = visitor.visit_map(Elements::new(&mut *self, remaining));
        self.open -= 1;
        let value = value?;
        let mut entry = self.nodes.split_off(mark);
        let node = match (entry.pop(), entry.pop(), remaining) {
            (Some(value), Some(key), _) => Node::Map(Box::new(key), Box::new(value)),
            (_, _, 0) => Node::Leaf(Shape::Unit),
            _ => return Err(self.error("a map read no entry")),
        };
        self.nodes.push(node);
        Ok(value)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        self.named::<V>(name, VariantKind::Struct(fields), |tracer| visitor.visit_seq(Elements::fields(tracer, fields)))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ShapeError> {
        if variants.is_empty() {
            return Err(if self.stack.is_empty() && self.replay == 0 && self.open == 0 {
                empty_root()
            } else {
                self.error(format!("enum {name} has no variant, so no value"))
            });
        }
        let visitor_key = std::any::type_name::<V>();
        let mark = self.nodes.len();
        let recursion = if self.replay > 0 { None } else { self.recursion(visitor_key) };
        let mut key = self.stack.clone();
        key.push(visitor_key);
        if self.replay >= MAXIMUM_REPLAY_DEPTH {
            return Err(ShapeError {
                message: format!("enum {name} recurses with no way out (every variant recurses)"),
                path: self.trail.concat(),
                retry: Some((visitor_key, variants.len())),
            });
        }
        if self.replay > 0 || recursion.is_some() {
            let index = self.choose(&key, variants.len());
            self.variant_kinds.push(VariantKind::Tuple);
            let value = self.replaying(|tracer| visitor.visit_enum(Choice { tracer, index }));
            self.variant_kinds.pop();
            let value = value?;
            self.nodes.truncate(mark);
            self.nodes.push(recursion.map_or(Node::Leaf(Shape::Unit), Node::Rec));
            return Ok(value);
        }
        self.enums.entry(key.clone()).or_insert_with(|| EnumEntry {
            name,
            names: variants,
            payloads: vec![None; variants.len()],
            reach: vec![HashSet::new(); variants.len()],
        });
        for reached in &mut self.reach {
            reached.insert(key.clone());
        }
        let index = self.choose(&key, variants.len());
        let variant = (index as usize).min(variants.len() - 1);
        self.stack.push(visitor_key);
        self.reach.push(HashSet::new());
        self.variant_kinds.push(VariantKind::Tuple);
        let place = format!("{name}::{}", variants[variant]);
        self.trail.push(if self.trail.is_empty() { place } else { format!(" > {place}") });
        let value = visitor.visit_enum(Choice { tracer: &mut *self, index });
        self.trail.pop();
        let kind = self.variant_kinds.pop().unwrap_or(VariantKind::Tuple);
        let reached = self.reach.pop().unwrap_or_default();
        self.stack.pop();
        let value = value?;
        let payload = Body::of(kind, self.nodes.split_off(mark));
        let entry = self.enums.get_mut(&key).expect("the entry made above");
        entry.payloads[variant] = Some(payload);
        entry.reach[variant].extend(reached);
        self.nodes.push(Node::Enum(key));
        Ok(value)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, _: V) -> Result<V::Value, ShapeError> {
        Err(self.error("an identifier outside an enum's variant (a self-describing format's field names)"))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, ShapeError> {
        Err(self.error("a value to ignore, which bincode cannot skip"))
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}
