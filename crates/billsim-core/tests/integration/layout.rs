//! The core stays laid out by what it holds (`shared/design/engine.md`, "Where things live"):
//! at most 12 entries at the top of `src/`, no source file past 600 lines, and no ring of
//! imports (no two files that import each other, directly or around a loop) in the core, the
//! chart crate or the wasm crate.
//!
//! The ring check reads each file's `use` lines and its `crate::`, `super::`, `self::` and
//! child-module paths, resolves them to the file that holds the name, and looks for cycles in
//! that graph of files. A name re-exported by a module from one of its own descendants (`lib.rs`
//! gathering `money::Micros`, `engine/mod.rs` gathering `guard::Guard`) leads to the file that
//! defines it; a name re-exported from anywhere else leads to the re-exporting file, since
//! that file is then what the importer depends on. `mod x;` only places a file in the tree:
//! it is not an import.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MOST_TOP_ENTRIES: usize = 12;
const MOST_LINES: usize = 600;

fn crate_src(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name).join("src")
}

#[test]
fn the_core_src_has_at_most_twelve_entries_at_its_top() {
    let src = crate_src("billsim-core");
    let mut entries: Vec<String> = std::fs::read_dir(&src)
        .expect("read the core's src/")
        .map(|e| e.expect("an entry of src/").file_name().to_string_lossy().into_owned())
        .collect();
    entries.sort();
    assert!(
        entries.len() <= MOST_TOP_ENTRIES,
        "crates/billsim-core/src/ holds {} entries at its top, at most {MOST_TOP_ENTRIES} are allowed \
         (primitives, engine/, lessons/, views/, replay/, the registry): {}",
        entries.len(),
        entries.join(", ")
    );
}

#[test]
fn no_source_file_of_the_core_passes_600_lines() {
    let src = crate_src("billsim-core");
    let mut too_long: Vec<String> = read_tree(&src)
        .into_iter()
        .map(|(path, text)| (path, text.lines().count()))
        .filter(|(_, lines)| *lines > MOST_LINES)
        .map(|(path, lines)| format!("{path}: {lines} lines"))
        .collect();
    too_long.sort();
    assert!(
        too_long.is_empty(),
        "source files of crates/billsim-core/src/ past {MOST_LINES} lines: {}",
        too_long.join("; ")
    );
}

#[test]
fn no_two_files_of_the_core_import_each_other() {
    assert_no_rings("billsim-core");
}

#[test]
fn no_two_files_of_the_chart_crate_import_each_other() {
    assert_no_rings("billsim-chart");
}

#[test]
fn no_two_files_of_the_wasm_crate_import_each_other() {
    assert_no_rings("billsim-wasm");
}

fn assert_no_rings(krate: &str) {
    let files = read_tree(&crate_src(krate));
    let rings: Vec<String> = rings(&files).into_iter().map(|ring| ring.to_string()).collect();
    assert!(rings.is_empty(), "rings of imports in crates/{krate}/src/:\n{}", rings.join("\n"));
}

/// Every `.rs` file under `dir`, as (path relative to `dir` with `/`, text), sorted by path.
fn read_tree(dir: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
                let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {rel}: {e}"));
                out.push((rel, text));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// One ring: its files, and one loop through them with the names each takes from the next.
struct Ring {
    files: Vec<String>,
    cycle: Vec<(String, String, BTreeSet<String>)>,
}

impl std::fmt::Display for Ring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "  ring of {} files: {}", self.files.len(), self.files.join(", "))?;
        for (from, to, names) in &self.cycle {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            write!(f, "\n    {from} -> {to} ({})", names.join(", "))?;
        }
        Ok(())
    }
}

/// A module path from the crate root, e.g. `["engine", "guard"]`.
type ModPath = Vec<String>;

/// What one file says about imports.
#[derive(Default)]
struct FileFacts {
    /// Absolute paths the file names (from `use` and from qualified paths in code), each with
    /// the path of the module (file or inline) it was written in.
    paths: Vec<ModPath>,
    /// `pub use` re-exports: the name it makes visible -> the absolute path it stands for.
    reexports: BTreeMap<String, ModPath>,
}

/// The rings of a crate's files: each strongly connected group of two or more files.
fn rings(files: &[(String, String)]) -> Vec<Ring> {
    let modules: BTreeMap<ModPath, String> = files.iter().map(|(p, _)| (module_of(p), p.clone())).collect();
    let facts: BTreeMap<String, FileFacts> =
        files.iter().map(|(p, text)| (p.clone(), facts_of(&module_of(p), text, &modules))).collect();

    // file -> file -> names taken
    let mut graph: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (file, f) in &facts {
        for path in &f.paths {
            if let Some((to, name)) = resolve(path, &modules, &facts, 0) {
                if &to != file {
                    graph.entry(file.clone()).or_default().entry(to).or_default().insert(name);
                }
            }
        }
    }
    let names: Vec<String> = files.iter().map(|(p, _)| p.clone()).collect();
    strongly_connected(&names, &graph)
        .into_iter()
        .filter(|group| group.len() > 1)
        .map(|group| {
            let cycle = one_cycle(&group, &graph);
            Ring { files: group, cycle }
        })
        .collect()
}

/// `lib.rs` -> [], `engine/mod.rs` -> [engine], `engine/guard.rs` -> [engine, guard].
fn module_of(path: &str) -> ModPath {
    let stem = path.strip_suffix(".rs").unwrap_or(path);
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|l| l == "mod" || (l == "lib" && parts.len() == 1) || (l == "main" && parts.len() == 1))
    {
        parts.pop();
    }
    parts
}

/// Where an absolute path leads: the file that holds the item (following re-exports of a
/// module's own descendants) and the item's name.
fn resolve(
    path: &ModPath,
    modules: &BTreeMap<ModPath, String>,
    facts: &BTreeMap<String, FileFacts>,
    depth: usize,
) -> Option<(String, String)> {
    // The longest prefix that is a file's module.
    let mut len = path.len();
    while !modules.contains_key(&path[..len]) {
        len = len.checked_sub(1)?;
    }
    let module = &path[..len];
    let file = modules[module].clone();
    let Some(name) = path.get(len) else {
        let name = path.last().cloned().unwrap_or_else(|| "crate".into());
        return Some((file, name));
    };
    if depth < 16 {
        if let Some(target) = facts.get(&file).and_then(|f| f.reexports.get(name)) {
            // Follow a re-export only from within the re-exporting module's own subtree.
            if target.len() > module.len() && target[..module.len()] == *module {
                let mut full = target.clone();
                full.extend(path[len + 1..].iter().cloned());
                if let Some(found) = resolve(&full, modules, facts, depth + 1) {
                    return Some(found);
                }
            }
        }
    }
    Some((file, name.clone()))
}

/// The paths a file names and what it re-exports, read from its code with comments, strings
/// and character literals taken out.
fn facts_of(file_module: &ModPath, text: &str, modules: &BTreeMap<ModPath, String>) -> FileFacts {
    let tokens = tokens(&code_only(text));
    let mut facts = FileFacts::default();
    // The inline modules we are inside: (name, brace depth at which it closes).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let here = |inline: &Vec<(String, usize)>| -> ModPath {
        let mut m = file_module.clone();
        m.extend(inline.iter().map(|(n, _)| n.clone()));
        m
    };
    // Child modules of a module: a file's `mod x;` or an inline `mod x {`.
    let child_mods = |module: &ModPath| -> BTreeSet<String> {
        modules
            .keys()
            .filter(|k| k.len() == module.len() + 1 && k[..module.len()] == module[..])
            .map(|k| k.last().unwrap().clone())
            .collect()
    };
    while i < tokens.len() {
        let t = tokens[i].as_str();
        match t {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                while inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t == "{") => {
                inline.push((tokens[i + 1].clone(), depth));
                depth += 1;
                i += 3;
                continue;
            }
            "use" => {
                let public = i > 0 && (tokens[i - 1] == "pub" || tokens[i - 1] == ")");
                let end = tokens[i..].iter().position(|t| t == ";").map_or(tokens.len(), |p| i + p);
                let module = here(&inline);
                let children = child_mods(&module);
                let mut leaves = Vec::new();
                use_tree(&tokens[i + 1..end], &[], &mut leaves);
                for (segments, alias) in leaves {
                    if let Some(abs) = absolute(&segments, &module, &children) {
                        if public {
                            let name = alias.clone().or_else(|| segments.last().cloned()).unwrap();
                            if name != "*" && name != "self" {
                                facts.reexports.insert(name, abs.clone());
                            }
                        }
                        let mut abs = abs;
                        if abs.last().is_some_and(|l| l == "*" || l == "self") {
                            abs.pop();
                        }
                        facts.paths.push(abs);
                    }
                }
                i = end + 1;
                continue;
            }
            _ if is_ident(t) && tokens.get(i + 1).is_some_and(|n| n == "::") && (i == 0 || tokens[i - 1] != "::") => {
                let mut segments = vec![t.to_string()];
                let mut j = i + 1;
                while tokens.get(j).is_some_and(|n| n == "::") && tokens.get(j + 1).is_some_and(|n| is_ident(n)) {
                    segments.push(tokens[j + 1].clone());
                    j += 2;
                }
                let module = here(&inline);
                if let Some(abs) = absolute(&segments, &module, &child_mods(&module)) {
                    facts.paths.push(abs);
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    facts
}

/// A written path made absolute, if it names something of this crate: it starts with
/// `crate`, `self`, `super` or a child module of the module it is written in.
fn absolute(segments: &[String], module: &ModPath, children: &BTreeSet<String>) -> Option<ModPath> {
    let first = segments.first()?;
    let mut base: ModPath;
    let mut rest = segments;
    if first == "crate" {
        base = Vec::new();
        rest = &segments[1..];
    } else if first == "self" {
        base = module.clone();
        rest = &segments[1..];
    } else if first == "super" {
        base = module.clone();
        while rest.first().is_some_and(|s| s == "super") {
            base.pop()?;
            rest = &rest[1..];
        }
    } else if children.contains(first) {
        base = module.clone();
    } else {
        return None;
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The leaves of a use tree (`a::{b, c::{d as e, *}}`), each as its segments and its alias.
fn use_tree(tokens: &[String], prefix: &[String], out: &mut Vec<(Vec<String>, Option<String>)>) {
    // Split the tree at top-level commas.
    let mut level = 0;
    let mut start = 0;
    let mut parts = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        match t.as_str() {
            "{" => level += 1,
            "}" => level -= 1,
            "," if level == 0 => {
                parts.push(&tokens[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&tokens[start..]);
    for part in parts {
        let mut here = prefix.to_vec();
        let mut k = 0;
        while k < part.len() {
            match part[k].as_str() {
                "::" => {}
                "{" => {
                    // The subtree runs to the matching brace.
                    let mut level = 0;
                    let mut close = part.len();
                    for (m, t) in part.iter().enumerate().skip(k) {
                        match t.as_str() {
                            "{" => level += 1,
                            "}" => {
                                level -= 1;
                                if level == 0 {
                                    close = m;
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    use_tree(&part[k + 1..close], &here, out);
                    here.clear();
                    break;
                }
                "as" => {
                    out.push((std::mem::take(&mut here), part.get(k + 1).cloned()));
                    break;
                }
                t => here.push(t.to_string()),
            }
            k += 1;
        }
        if here.len() > prefix.len() {
            out.push((here, None));
        }
    }
}

fn is_ident(t: &str) -> bool {
    t.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && t.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Identifiers, `::`, and every other character as its own token.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
            continue;
        }
        if !c.is_whitespace() {
            out.push(c.to_string());
        }
        i += 1;
    }
    out
}

/// The text with comments, string literals (plain, byte and raw) and character literals
/// blanked, so that neither braces nor paths inside them are read.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let at = |i: usize, s: &str| s.chars().enumerate().all(|(k, c)| chars.get(i + k) == Some(&c));
    while i < chars.len() {
        let c = chars[i];
        let prev_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if at(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if at(i, "/*") {
            let mut level = 0;
            while i < chars.len() {
                if at(i, "/*") {
                    level += 1;
                    i += 2;
                } else if at(i, "*/") {
                    level -= 1;
                    i += 2;
                    if level == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if !prev_ident && (c == 'r' || (c == 'b' && chars.get(i + 1) == Some(&'r'))) && {
            let mut k = i + if c == 'b' { 2 } else { 1 };
            while chars.get(k) == Some(&'#') {
                k += 1;
            }
            chars.get(k) == Some(&'"')
        } {
            // A raw string: r"..", r#".."#, br#".."#.
            let mut k = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while chars[k] == '#' {
                hashes += 1;
                k += 1;
            }
            k += 1;
            let close: String = std::iter::once('"').chain(std::iter::repeat('#').take(hashes)).collect();
            while k < chars.len() && !at(k, &close) {
                k += 1;
            }
            i = k + close.len();
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if chars.get(i + 1) == Some(&'\\') {
                let mut k = i + 2;
                while k < chars.len() && chars[k] != '\'' {
                    k += 1;
                }
                i = k + 1;
                out.push_str("' '");
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Tarjan's strongly connected components, each sorted.
fn strongly_connected(
    nodes: &[String],
    graph: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
) -> Vec<Vec<String>> {
    struct State<'a> {
        graph: &'a BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        on_stack: BTreeSet<String>,
        next: usize,
        groups: Vec<Vec<String>>,
    }
    fn visit(s: &mut State, v: &str) {
        s.index.insert(v.to_string(), s.next);
        s.low.insert(v.to_string(), s.next);
        s.next += 1;
        s.stack.push(v.to_string());
        s.on_stack.insert(v.to_string());
        let outs: Vec<String> = s.graph.get(v).map(|m| m.keys().cloned().collect()).unwrap_or_default();
        for w in outs {
            if !s.index.contains_key(&w) {
                visit(s, &w);
                let low = s.low[v].min(s.low[&w]);
                s.low.insert(v.to_string(), low);
            } else if s.on_stack.contains(&w) {
                let low = s.low[v].min(s.index[&w]);
                s.low.insert(v.to_string(), low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut group = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack.remove(&w);
                let done = w == v;
                group.push(w);
                if done {
                    break;
                }
            }
            group.sort();
            s.groups.push(group);
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        groups: Vec::new(),
    };
    for n in nodes {
        if !s.index.contains_key(n) {
            visit(&mut s, n);
        }
    }
    s.groups
}

/// One loop through a group: the shortest way from its first file back to itself.
fn one_cycle(
    group: &[String],
    graph: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
) -> Vec<(String, String, BTreeSet<String>)> {
    let members: BTreeSet<&String> = group.iter().collect();
    let start = &group[0];
    let mut came_from: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.clone()]);
    let mut closing = None;
    while let Some(v) = queue.pop_front() {
        for w in graph.get(&v).map(|m| m.keys()).into_iter().flatten() {
            if !members.contains(w) {
                continue;
            }
            if w == start {
                closing = Some(v.clone());
                break;
            }
            if !came_from.contains_key(w) {
                came_from.insert(w.clone(), v.clone());
                queue.push_back(w.clone());
            }
        }
        if closing.is_some() {
            break;
        }
    }
    let mut path = vec![start.clone()];
    let mut v = closing.expect("a strongly connected group has a loop through each file");
    while &v != start {
        path.push(v.clone());
        v = came_from[&v].clone();
    }
    path.push(start.clone());
    path.reverse();
    path.windows(2).map(|w| (w[0].clone(), w[1].clone(), graph[&w[0]][&w[1]].clone())).collect()
}

// The ring finder itself, on small made-up trees.

fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect()
}

fn ring_files(list: &[(&str, &str)]) -> Vec<Vec<String>> {
    rings(&files(list)).into_iter().map(|r| r.files).collect()
}

#[test]
fn two_files_that_use_each_other_through_crate_paths_are_a_ring() {
    let found = ring_files(&[
        ("lib.rs", "mod a; mod b;"),
        ("a.rs", "use crate::b::{B, other::{C as D}};\npub struct A;"),
        ("b.rs", "pub struct B;\nfn f() -> crate::a::A { todo!() }"),
    ]);
    assert_eq!(found, vec![vec!["a.rs".to_string(), "b.rs".to_string()]], "rings found: {found:?}");
}

#[test]
fn a_loop_of_three_files_through_super_and_a_child_module_is_one_ring() {
    let found = ring_files(&[
        ("lib.rs", "pub mod lesson;"),
        ("lesson/mod.rs", "mod day; mod read;\npub struct Words;\nfn go() { day::run(); }"),
        ("lesson/day.rs", "use super::read::show;\npub fn run() {}"),
        ("lesson/read.rs", "use super::Words;\npub fn show() {}"),
    ]);
    let expected = vec![vec!["lesson/day.rs".to_string(), "lesson/mod.rs".into(), "lesson/read.rs".into()]];
    assert_eq!(found, expected, "rings found: {found:?}");
}

#[test]
fn paths_in_comments_strings_and_inline_test_modules_are_not_imports() {
    let found = ring_files(&[
        ("lib.rs", "mod a; mod b;"),
        (
            "a.rs",
            "//! See [`crate::b::B`].\nuse crate::b::B;\npub struct A;\n#[cfg(test)]\nmod tests {\n    use super::*;\n    fn t() { let _ = \"crate::b::B {\"; let _ = '{'; }\n}",
        ),
        ("b.rs", "/* crate::a::A */ pub struct B<'a>(&'a str);\nconst S: &str = r#\"use crate::a::A;\"#;"),
    ]);
    assert!(found.is_empty(), "no ring was expected, found: {found:?}");
}

#[test]
fn a_name_gathered_by_a_parent_from_its_child_leads_to_the_child() {
    // lib.rs re-exports money::Micros, and money.rs itself is not named by budget.rs, so
    // budget.rs taking crate::Micros does not make lib.rs and budget.rs a ring.
    let found = ring_files(&[
        ("lib.rs", "pub mod budget; pub mod money;\npub use budget::Budget;\npub use money::Micros;"),
        ("budget.rs", "use crate::Micros;\npub struct Budget(Micros);"),
        ("money.rs", "pub struct Micros(u64);"),
    ]);
    assert!(found.is_empty(), "no ring was expected, found: {found:?}");
}

#[test]
fn a_name_passed_on_by_a_sibling_leads_to_that_sibling() {
    // guard.rs re-exports refusal's Reason; ledger.rs taking it from guard.rs depends on guard.rs.
    let found = ring_files(&[
        ("lib.rs", "mod guard; mod ledger; mod refusal;"),
        ("guard.rs", "pub use crate::refusal::Reason;\nuse crate::ledger::Ledger;"),
        ("ledger.rs", "use crate::guard::Reason;\npub struct Ledger;"),
        ("refusal.rs", "pub struct Reason;"),
    ]);
    assert_eq!(found, vec![vec!["guard.rs".to_string(), "ledger.rs".into()]], "rings found: {found:?}");
}
