//! Rust's names in Swift's casing, and the escaping rule (docs/BINDGEN.md, "Names").
//!
//! - Types keep Rust's name (`TodoId`). Fields, variants, commands and struct fields become
//!   lowerCamelCase: `last_event` and `LastEvent` are `lastEvent`, `HTTPCode` is `httpCode`.
//! - A name that is a Swift keyword is written in backticks: `` `default` ``, `` `self` ``,
//!   `` `Type` ``.
//! - A store member whose name the store itself uses (`runtime`, `registrar`, `core`) takes a
//!   suffix: `runtimeField` for a field, `runtimeCommand` for a command; a command named as a field
//!   takes `Command` too.

/// Swift's keywords: a name among them is written in backticks.
const KEYWORDS: &[&str] = &[
    "associatedtype",
    "class",
    "deinit",
    "enum",
    "extension",
    "fileprivate",
    "func",
    "import",
    "init",
    "inout",
    "internal",
    "let",
    "open",
    "operator",
    "private",
    "precedencegroup",
    "protocol",
    "public",
    "rethrows",
    "static",
    "struct",
    "subscript",
    "typealias",
    "var",
    "break",
    "case",
    "catch",
    "continue",
    "default",
    "defer",
    "do",
    "else",
    "fallthrough",
    "for",
    "guard",
    "if",
    "in",
    "repeat",
    "return",
    "throw",
    "switch",
    "where",
    "while",
    "Any",
    "as",
    "await",
    "false",
    "is",
    "nil",
    "self",
    "Self",
    "super",
    "throws",
    "true",
    "try",
    "Type",
    "Protocol",
    "some",
    "any",
];

/// `name` as an identifier: in backticks if it is a keyword.
pub fn escaped(name: &str) -> String {
    if KEYWORDS.contains(&name) {
        format!("`{name}`")
    } else {
        name.to_string()
    }
}

/// `name` as an argument label: keywords need no backticks there, but for `inout`, `var` and
/// `let` (Swift warns of the others).
pub fn label(name: &str) -> String {
    if ["inout", "var", "let"].contains(&name) {
        format!("`{name}`")
    } else {
        name.to_string()
    }
}

/// The words of a Rust name: split at `_` and where the case turns (`HTTPCode`: HTTP, Code).
fn words(name: &str) -> Vec<String> {
    let mut words = vec![];
    for part in name.split('_').filter(|p| !p.is_empty()) {
        let characters: Vec<char> = part.chars().collect();
        let mut word = String::new();
        for (index, &character) in characters.iter().enumerate() {
            let previous = index.checked_sub(1).map(|i| characters[i]);
            let next = characters.get(index + 1).copied();
            let boundary = match previous {
                Some(p) if character.is_uppercase() => {
                    p.is_lowercase() || p.is_ascii_digit() || (p.is_uppercase() && next.is_some_and(char::is_lowercase))
                }
                _ => false,
            };
            if boundary && !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            word.push(character);
        }
        if !word.is_empty() {
            words.push(word);
        }
    }
    words
}

/// `name` in lowerCamelCase (unescaped): `last_event`, `LastEvent` → `lastEvent`.
pub fn lower_camel(name: &str) -> String {
    let mut result = String::new();
    for (index, word) in words(name).iter().enumerate() {
        if index == 0 {
            result.push_str(&word.to_lowercase());
        } else {
            let mut characters = word.chars();
            if let Some(first) = characters.next() {
                result.extend(first.to_uppercase());
                result.push_str(&characters.as_str().to_lowercase());
            }
        }
    }
    if result.is_empty() {
        result.push_str("value");
    }
    result
}

/// `name` in UpperCamelCase (unescaped): `todo_id` → `TodoId`; a name already so stays.
pub fn upper_camel(name: &str) -> String {
    let lower = lower_camel(name);
    let mut characters = lower.chars();
    match characters.next() {
        Some(first) => first.to_uppercase().chain(characters).collect(),
        None => lower,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_names_in_swift_casing() {
        assert_eq!(lower_camel("last_event"), "lastEvent");
        assert_eq!(lower_camel("LastEvent"), "lastEvent");
        assert_eq!(lower_camel("SetFilter"), "setFilter");
        assert_eq!(lower_camel("HTTPCode"), "httpCode");
        assert_eq!(lower_camel("todo_id"), "todoId");
        assert_eq!(lower_camel("URL"), "url");
        assert_eq!(lower_camel("page2_items"), "page2Items");
        assert_eq!(lower_camel("_private"), "private");
        assert_eq!(lower_camel("x"), "x");
        assert_eq!(upper_camel("todo_id"), "TodoId");
        assert_eq!(upper_camel("TodoId"), "TodoId");
        assert_eq!(escaped("default"), "`default`");
        assert_eq!(escaped("Type"), "`Type`");
        assert_eq!(escaped("title"), "title");
    }
}
