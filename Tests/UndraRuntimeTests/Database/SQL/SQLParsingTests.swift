import Testing
@testable import UndraRuntime
@testable import UndraSQLite

/// The tokenizer and the parsers the incremental path relies on.
@Suite struct SQLParsingTests {
    @Test func tokensSkipStringsQuotedNamesAndComments() {
        let tokens = SQLTokenizer.tokenize("""
            SELECT "replace", [order], `x`, 'it''s REPLACE', x'00ff', 1.5e-3, .5, ?, ?2, :name, @a, $b -- REPLACE
            /* REPLACE */ FROM t WHERE a <= b || c;
            """)
        #expect(tokens.map(\.kind) == [
            .word, .quotedIdentifier, .comma, .quotedIdentifier, .comma, .quotedIdentifier, .comma, .string, .comma, .blob,
            .comma, .number, .comma, .number, .comma, .parameter, .comma, .parameter, .comma, .parameter, .comma, .parameter,
            .comma, .parameter, .word, .word, .word, .word, .symbol, .symbol, .word, .symbol, .symbol, .word, .semicolon,
        ])
        #expect(tokens[1].text == "replace" && tokens[7].text == "it's REPLACE")
        #expect(!tokens.contains { $0.isKeyword("REPLACE") })
        #expect(SQLTokenizer.containsKeyword("REPLACE", in: "insert or replace into t values (1)"))
        #expect(!SQLTokenizer.containsKeyword("REPLACE", in: "insert into t values ('replace')"))
    }

    @Test func aSingleTableSelect() throws {
        let parsed = try SingleTableSelect.parse("""
            SELECT t.id, title AS name FROM main.task AS t WHERE done = 0 AND (a OR b)
            ORDER BY t.priority DESC NULLS LAST, "title" COLLATE NOCASE;
            """).get()
        #expect(parsed.resultColumns == "t.id, title AS name")
        #expect(parsed.table == "task")
        #expect(parsed.from == "task AS t")
        #expect(parsed.qualifier == "t")
        #expect(parsed.condition == "done = 0 AND (a OR b)")
        #expect(parsed.orderBy == "t.priority DESC NULLS LAST, \"title\" COLLATE NOCASE")
        #expect(parsed.orderTerms == [
            .init(column: "priority", columnText: "priority", qualifier: "t", collation: nil, descending: true, nullsFirst: false),
            .init(column: "title", columnText: "\"title\"", qualifier: nil, collation: "nocase", descending: false, nullsFirst: nil),
        ])
        #expect(parsed.aliases == ["name"])
        let bare = try SingleTableSelect.parse("select * from Task").get()
        #expect(bare.table == "task" && bare.qualifier == "Task" && bare.condition == nil && bare.orderTerms == [])
    }

    @Test func otherShapesAreRefusedWithTheReason() {
        func reason(_ sql: String) -> String? {
            if case .failure(let refusal) = SingleTableSelect.parse(sql) { return refusal.reason }
            return nil
        }
        #expect(reason("SELECT a FROM t LEFT JOIN u ON u.a = t.a") == "it joins tables")
        #expect(reason("SELECT a FROM temp.t") == "it reads an attached or temporary schema")
        #expect(reason("SELECT a FROM json_each(?)") == "it reads a table-valued function or a subquery")
        #expect(reason("SELECT a FROM t ORDER BY a LIMIT 3 OFFSET 1") == "it has a LIMIT")
        #expect(reason("SELECT a FROM t ORDER BY 1") == "it orders by an expression (1)")
        #expect(reason("SELECT a FROM t ORDER BY u.a") == "it orders by a column of another table (u.a)")
        #expect(reason("SELECT count(*) FILTER (WHERE a) FROM t") == "it has a window or aggregate function")
        #expect(reason("VALUES (1)") == "it is not a plain SELECT")
        #expect(reason("SELECT 1") == "it reads no table")
        #expect(reason("SELECT a FROM t WHERE a IN (SELECT b FROM u)") == "it has a subquery")
    }

    @Test func aTableDefinition() {
        let parsed = TableSchema.parseDefinition("""
            CREATE TABLE "t"(id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE NOT NULL, note TEXT CHECK (note <> 'x' COLLATE RTRIM),
              code TEXT DEFAULT 'a' COLLATE "RTRIM", CONSTRAINT u UNIQUE (name COLLATE BINARY)) WITHOUT ROWID, STRICT
            """)
        #expect(parsed.collations == ["name": "nocase", "code": "rtrim"])
        #expect(parsed.withoutRowID)
        #expect(!parsed.mentionsReplace)
        #expect(TableSchema.parseDefinition("CREATE TABLE t(a UNIQUE ON CONFLICT REPLACE)").mentionsReplace)
    }
}
