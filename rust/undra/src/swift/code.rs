//! A text of Swift code, written line by line with four-space indentation.

/// Lines of code, and the current indentation.
#[derive(Default)]
pub struct Code {
    text: String,
    depth: usize,
}

impl Code {
    /// An empty text.
    pub fn new() -> Code {
        Code::default()
    }

    /// One line at the current indentation (an empty `line` is an empty line).
    pub fn line(&mut self, line: impl AsRef<str>) {
        let line = line.as_ref();
        if !line.is_empty() {
            for _ in 0..self.depth {
                self.text.push_str("    ");
            }
            self.text.push_str(line);
        }
        self.text.push('\n');
    }

    /// A doc comment: each line of `text` after `///`, prose wrapped before column 100 (a line
    /// that begins with spaces is code, and kept whole).
    pub fn doc(&mut self, text: impl AsRef<str>) {
        let width = 100usize.saturating_sub(self.depth * 4 + 4).max(40);
        for line in text.as_ref().lines() {
            if line.is_empty() {
                self.line("///");
                continue;
            }
            if line.starts_with(' ') || line.len() <= width {
                self.line(format!("/// {line}"));
                continue;
            }
            // A list item's continuation lines line up under its text.
            let hanging = if line.starts_with("- ") { "  " } else { "" };
            let mut current = String::new();
            for word in line.split(' ') {
                if !current.is_empty() && current.len() + 1 + word.len() > width {
                    self.line(format!("/// {current}"));
                    current = hanging.to_string();
                }
                if !current.is_empty() && current != hanging {
                    current.push(' ');
                }
                current.push_str(word);
            }
            if !current.trim().is_empty() {
                self.line(format!("/// {current}"));
            }
        }
    }

    /// `opening`, then `body` one level in, then `}`.
    pub fn block(&mut self, opening: impl AsRef<str>, body: impl FnOnce(&mut Code)) {
        self.line(format!("{} {{", opening.as_ref()));
        self.depth += 1;
        body(self);
        self.depth -= 1;
        self.line("}");
    }

    /// `head(items)tail {`, then `body` one level in, then `}`; the items one per line when the
    /// opening line would pass column 120.
    pub fn list_block(&mut self, head: &str, items: &[String], tail: &str, body: impl FnOnce(&mut Code)) {
        let opening = format!("{head}({}){tail}", items.join(", "));
        if self.depth * 4 + opening.len() + 2 <= 120 {
            return self.block(opening, body);
        }
        self.line(format!("{head}("));
        self.indented(|code| {
            for (index, item) in items.iter().enumerate() {
                code.line(if index + 1 < items.len() { format!("{item},") } else { item.clone() });
            }
        });
        self.block(format!("){tail}"), body);
    }

    /// `body` one level in.
    pub fn indented(&mut self, body: impl FnOnce(&mut Code)) {
        self.depth += 1;
        body(self);
        self.depth -= 1;
    }

    /// The text, with no trailing empty lines but one line break.
    pub fn finish(self) -> String {
        let mut text = self.text.trim_end().to_string();
        text.push('\n');
        text
    }
}
