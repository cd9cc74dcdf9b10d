"""LLDB summaries that show DocQuery's values by their content.

The Swift REPL, `p`/`v` and Xcode's variable view show a value through
LLDB's formatters, which run no Swift code. DocQuery's own embedded
formatters can only show a one-line hint (their bytecode has no loops), so
these Python summaries read the value's memory through the SB API and decode
DocTree's node table themselves: a `Document` shows a short outline, a
`QueryResult` its first values, a `Node` or a `Match` its value (and a
match its path), a `DocumentEditor` the first lines of its text, an `Edit`
its sentence and a scalar `EditValue` its JSON.

They never run code in the debugged process (no expression, no object
description), cap every loop and every memory read, and fall back to the
one-line hint for anything they cannot decode.

Load once per session:

    (lldb) command script import /path/to/DocQuery/Tools/lldb/docquery_formatters.py
    1> :command script import /path/to/DocQuery/Tools/lldb/docquery_formatters.py

or put the first line (without the prompt) in ~/.lldbinit.

Importing also turns LLDB's status line off (`show-statusline`): with it on,
LLDB 21 (Swift 6.3) deadlocks when a Python summary runs in the REPL.
"""

import decimal
import json
import struct

import lldb

CATEGORY = "docquery"
# When set (`script docquery_formatters.DEBUG = True`), a summary that falls
# back to the hint says why.
DEBUG = False

# How much a summary shows.
OUTLINE_LINES = 10      # lines of a document's or a node's outline
RESULT_VALUES = 10      # values of a query result
EDITOR_LINES = 8        # lines of an editor's text
PREVIEW_ITEMS = 4       # keys or elements a one-line preview names
TEXT_LIMIT = 40         # characters of a value a preview shows

# How much a summary may read, so that it never hangs on a damaged value.
MAX_NODES = 2_000_000           # records a document may have for a decode
RECORD_PAGE = 4096              # records read at a time
MAX_RECORD_PAGES = 64           # pages one summary may read (3 MB)
MAX_STRING_BYTES = 4096         # bytes of one string read
MAX_STEPS = 200_000             # records one summary may walk

KINDS = ["document", "object", "array", "string", "number", "true", "false", "null",
         "element", "attribute", "text", "comment", "processing instruction"]
DOCUMENT, OBJECT, ARRAY, STRING, NUMBER, TRUE, FALSE, NULL, ELEMENT, ATTRIBUTE, TEXT, COMMENT, PI = range(13)
CONTAINERS = {DOCUMENT, OBJECT, ARRAY, ELEMENT}

ESCAPED = 1             # flag of a JSON string whose span holds escapes
HAS_ELEMENT_CHILDREN = 2
HAS_TEXT = 4

HINTS = {
    "DocTree.Document": "Document (print, dump or po shows its outline)",
    "DocTree.Node": "Node (print, dump or po shows it and its outline)",
    "DocQuery.QueryResult": "QueryResult (print, dump or po shows its values)",
    "DocQuery.Match": "Match (print, dump or po shows its path and value)",
    "DocQuery.DocumentEditor": "DocumentEditor (print shows its text, dump or po its lines)",
    "DocQuery.Edit": "Edit (print shows it as a sentence)",
    "DocQuery.EditValue": "EditValue (print, dump or po shows it as JSON)",
}

RESERVED_KEYS = {"_contents", "_string", "_elementName", "_attributes", "_text"}
KEY_TERMINATORS = set('.[]"\'\\()=!<>&|,?*@{}`')


class Unreadable(Exception):
    """A value this module cannot decode safely."""


# MARK: - Reading the process


def _member(value, *names):
    """The stored property reached through `names`, or raise Unreadable."""
    for name in names:
        child = value.GetNonSyntheticValue().GetChildMemberWithName(name)
        if not child or not child.IsValid():
            raise Unreadable("no member " + name)
        value = child
    return value


def _unsigned(value):
    """A scalar's value from its bytes: an integer (`Int`, `UInt32`), a
    pointer, or a class reference (the object's address)."""
    data = value.GetNonSyntheticValue().GetData()
    size = data.GetByteSize()
    if size not in (1, 2, 4, 8):
        raise Unreadable("not a scalar: " + value.GetTypeName())
    return _data_unsigned(data, size)


def _data_unsigned(data, size):
    error = lldb.SBError()
    raw = data.ReadRawData(error, 0, size)
    if not error.Success() or raw is None or len(raw) != size:
        raise Unreadable("unreadable data")
    return int.from_bytes(raw, "little")


class Memory:
    """Reads the process's memory, counting what it reads."""

    def __init__(self, process):
        self.process = process
        self.reads = 0

    def read(self, address, size):
        if address == 0 or size < 0 or size > 16 * 1024 * 1024:
            raise Unreadable("bad read")
        if size == 0:
            return b""
        self.reads += 1
        if self.reads > 4 * MAX_RECORD_PAGES + 2000:
            raise Unreadable("too many reads")
        error = lldb.SBError()
        data = self.process.ReadMemory(address, size, error)
        if not error.Success() or data is None or len(data) != size:
            raise Unreadable("cannot read memory")
        return data

    def word(self, address):
        return struct.unpack("<Q", self.read(address, 8))[0]

    def array(self, value):
        """(address of the first element, count) of a Swift array value:
        the value is a reference to its storage, an object whose count
        follows the object header and whose elements follow the capacity."""
        storage = _unsigned(value)
        if storage == 0:
            raise Unreadable("no array storage")
        count = self.word(storage + 16)
        return storage + 32, count

    def string_at(self, address):
        """The Swift `String` stored at `address`."""
        return self.string_from(self.read(address, 16))

    def string_from(self, raw):
        count_and_flags, bits = struct.unpack("<QQ", raw)
        discriminator = bits >> 56
        if discriminator & 0x20:  # a small string, held inline
            count = discriminator & 0x0F
            return raw[:count].decode("utf-8", "replace")
        count = count_and_flags & 0x0000_FFFF_FFFF_FFFF
        if discriminator & 0x10 or not (count_and_flags >> 60) & 1:
            raise Unreadable("a string not stored natively")
        start = (bits & 0x0FFF_FFFF_FFFF_FFFF) + 32
        text = self.read(start, min(count, MAX_STRING_BYTES)).decode("utf-8", "replace")
        return text + ("…" if count > MAX_STRING_BYTES else "")

    def string(self, value):
        """A Swift `String` value."""
        error = lldb.SBError()
        raw = value.GetNonSyntheticValue().GetData().ReadRawData(error, 0, 16)
        if not error.Success() or raw is None or len(raw) != 16:
            raise Unreadable("unreadable string")
        return self.string_from(raw)


# MARK: - A document's node table


class Table:
    """A `Document`'s records, text and names, read on demand."""

    def __init__(self, memory, document):
        self.memory = memory
        table = _member(document, "table")
        nodes = _member(table, "nodes")
        self.base = _unsigned(_member(nodes, "base"))
        self.count = _unsigned(_member(nodes, "count"))
        if self.base == 0 or not 0 < self.count <= MAX_NODES:
            raise Unreadable("no node records")
        self.text, self.text_count = memory.array(_member(table, "text"))
        self.names, self.name_count = memory.array(_member(table, "names", "strings"))
        if self.name_count > 1 << 24:
            raise Unreadable("too many names")
        try:
            self.format = _member(document, "format").GetValue() or "json"
        except Unreadable:
            self.format = "json"
        self.pages = {}
        self.name_cache = {}
        self.member_cache = {}
        self.steps = 0

    def record(self, index):
        """(kind, flags, name id, a, b) of record `index`."""
        if not 0 <= index < self.count:
            raise Unreadable("record index out of range")
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise Unreadable("too many records walked")
        page = index // RECORD_PAGE
        data = self.pages.get(page)
        if data is None:
            if len(self.pages) >= MAX_RECORD_PAGES:
                raise Unreadable("too many records read")
            first = page * RECORD_PAGE
            size = min(RECORD_PAGE, self.count - first)
            data = self.memory.read(self.base + first * 12, size * 12)
            self.pages[page] = data
        header, a, b = struct.unpack_from("<III", data, (index % RECORD_PAGE) * 12)
        kind = header & 0xF
        if kind > PI:
            raise Unreadable("bad record")
        return kind, (header >> 4) & 0xF, header >> 8, a, b

    def end(self, index):
        """The index one past the subtree at `index`."""
        kind, _, _, a, _ = self.record(index)
        if kind in CONTAINERS:
            if not index < a <= self.count:
                raise Unreadable("bad subtree end")
            return a
        return index + 1

    def children(self, index, limit):
        """Up to `limit` children of container `index` (attributes included)."""
        found = []
        end = self.end(index)
        child = index + 1
        while child < end and len(found) < limit:
            found.append(child)
            child = self.end(child)
        return found

    def members(self, parent):
        """The members of `parent` (JSON members, XML attributes and child
        elements) by name id, in document order; read once per parent."""
        found = self.member_cache.get(parent)
        if found is None:
            found = {}
            end = self.end(parent)
            child = parent + 1
            while child < end:
                kind, _, name_id, _, _ = self.record(child)
                if kind not in (TEXT, COMMENT, PI):
                    found.setdefault(name_id, []).append(child)
                child = self.end(child)
            self.member_cache[parent] = found
        return found

    def name(self, name_id):
        if name_id in self.name_cache:
            return self.name_cache[name_id]
        if not 0 <= name_id < self.name_count:
            raise Unreadable("bad name id")
        name = self.memory.string_at(self.names + 16 * name_id)
        self.name_cache[name_id] = name
        return name

    def span(self, a, b):
        if a + b > self.text_count:
            raise Unreadable("span past the text")
        return self.memory.read(self.text + a, min(b, MAX_STRING_BYTES)).decode("utf-8", "replace")

    def string(self, index):
        """The node's value as text, or None (objects, arrays, null)."""
        kind, flags, _, a, b = self.record(index)
        if kind == STRING:
            text = self.span(a, b)
            if flags & ESCAPED:
                try:
                    text = json.loads('"' + text + '"')
                except ValueError:
                    pass
            return text
        if kind in (NUMBER, ATTRIBUTE, TEXT, COMMENT, PI):
            return self.span(a, b)
        if kind == TRUE:
            return "true"
        if kind == FALSE:
            return "false"
        if kind == ELEMENT:
            parts = []
            for child in self.children(index, 64):
                child_kind, _, _, ca, cb = self.record(child)
                if child_kind == TEXT:
                    parts.append(self.span(ca, cb))
            return "".join(parts)
        return None

    def deep_text(self, index):
        """The start of the node's descendant text (the `_text` of a path),
        enough for a preview."""
        kind = self.record(index)[0]
        if kind not in CONTAINERS:
            return self.string(index) or ""
        parts = []
        length = 0
        end = self.end(index)
        node = index + 1
        while node < end and length <= TEXT_LIMIT:
            kind = self.record(node)[0]
            if kind in (TEXT, STRING, NUMBER, TRUE, FALSE):
                part = self.string(node) or ""
                parts.append(part)
                length += len(part)
            node += 1
        return "".join(parts)

    def root(self):
        index = 1
        for _ in range(64):
            if index >= self.count:
                break
            kind = self.record(index)[0]
            if kind not in (COMMENT, PI):
                return index
            index = self.end(index)
        raise Unreadable("no root")

    # MARK: Previews, as DocTree's `Preview` writes them

    def preview(self, index):
        kind, flags, name_id, a, b = self.record(index)
        if kind == DOCUMENT:
            return "document: " + self.preview(self.root())
        if kind == OBJECT:
            keys = [_key(self.name(self.record(c)[2])) for c in self.children(index, PREVIEW_ITEMS + 1)]
            return "object {%s}" % _listed(keys, b)
        if kind == ARRAY:
            items = [self.short(c) for c in self.children(index, PREVIEW_ITEMS + 1)]
            return "array [%s] (%d element%s)" % (_listed(items, b), b, "" if b == 1 else "s")
        if kind == ELEMENT:
            text = "<" + self.name(name_id)
            children = self.children(index, 64)
            attributes = [c for c in children if self.record(c)[0] == ATTRIBUTE]
            for attribute in attributes[:PREVIEW_ITEMS]:
                text += ' %s="%s"' % (self.name(self.record(attribute)[2]), _truncated(self.string(attribute) or ""))
            if len(attributes) > PREVIEW_ITEMS:
                text += " …"
            text += ">"
            elements = [c for c in children if self.record(c)[0] == ELEMENT]
            if elements:
                total = sum(1 for named in self.members(index).values() for c in named if self.record(c)[0] == ELEMENT)
                names = [self.name(self.record(c)[2]) for c in elements[:PREVIEW_ITEMS + 1]]
                text += " {%s}" % _listed(names, total)
            else:
                own = self.string(index)
                if own:
                    text += " " + _quoted(_truncated(own))
            return text
        if kind == ATTRIBUTE:
            return "@%s=%s" % (self.name(name_id), _quoted(_truncated(self.string(index) or "")))
        if kind in (STRING, TEXT):
            return _quoted(_truncated(self.string(index) or ""))
        if kind in (NUMBER, TRUE, FALSE):
            return self.string(index) or ""
        if kind == NULL:
            return "null"
        if kind == COMMENT:
            return "<!--%s-->" % _truncated(self.string(index) or "")
        return "<?%s %s?>" % (self.name(name_id), _truncated(self.string(index) or ""))

    def short(self, index):
        kind, _, name_id, _, _ = self.record(index)
        if kind == OBJECT:
            return "{…}"
        if kind == ARRAY:
            return "[…]"
        if kind == ELEMENT:
            return "<%s>" % self.name(name_id)
        return self.preview(index)

    def value(self, index):
        """A node shown as a value, as a printed match shows it: an
        attribute as its quoted value, a text-only element as its text."""
        kind, flags, _, _, _ = self.record(index)
        if kind == ATTRIBUTE:
            return _quoted(_truncated(self.string(index) or ""))
        if kind == ELEMENT and not flags & HAS_ELEMENT_CHILDREN:
            children = self.children(index, 1)
            has_attributes = children and self.record(children[0])[0] == ATTRIBUTE
            if not has_attributes or flags & HAS_TEXT:
                return _quoted(_truncated(self.string(index) or ""))
        return self.preview(index)

    # MARK: Outlines

    def outline(self, index, lines):
        """Up to `lines` lines of the node's subtree, depth first, each
        `label: preview`, indented by depth; then how much it left out."""
        out = []
        truncated = [False]

        def walk(node, depth):
            kind = self.record(node)[0]
            if kind not in CONTAINERS:
                return
            ordinal = 0
            end = self.end(node)
            child = node + 1
            while child < end:
                if len(out) >= lines:
                    truncated[0] = True
                    return
                child_kind, _, name_id, _, _ = self.record(child)
                if child_kind == TEXT:  # an element's text shows in its preview
                    child = self.end(child)
                    continue
                if kind == ARRAY:
                    label = "[%d]" % ordinal
                elif child_kind == ATTRIBUTE:
                    label = "@" + self.name(name_id)
                elif child_kind in (COMMENT, PI):
                    label = "#" + KINDS[child_kind]
                else:
                    label = _key(self.name(name_id))
                out.append("  " * (depth + 1) + label + ": " + self.value(child))
                if depth < 6:
                    walk(child, depth + 1)
                ordinal += 1
                child = self.end(child)

        walk(index, 0)
        if truncated[0]:
            out.append("  … (print, dump or po shows more)")
        return out

    # MARK: Canonical paths, as DocQuery's `CanonicalPathBuilder` writes them

    def path(self, node):
        """The canonical path of `node`: `tasks.list[0].name`, `.` for the root."""
        root = self.root()
        chain = []
        parent = 0
        while parent != node:
            end = self.end(parent)
            child = parent + 1
            while child < end:
                following = self.end(child)
                if node < following:
                    break
                child = following
            else:
                raise Unreadable("node not found")
            chain.append((parent, child))
            parent = child
        components = []
        for parent, child in chain:
            if child == root or parent == 0:
                continue
            parent_kind = self.record(parent)[0]
            if parent_kind == ARRAY:
                ordinal = 0
                sibling = parent + 1
                while sibling < child:
                    ordinal += 1
                    sibling = self.end(sibling)
                components.append("[%d]" % ordinal)
            else:
                name_id = self.record(child)[2]
                named = self.members(parent).get(name_id, [child])
                count, ordinal = len(named), named.index(child) if child in named else 0
                key = _key(self.name(name_id))
                components.append(".%s[%d]" % (key, ordinal) if count > 1 else "." + key)
        path = "".join(components)
        if path.startswith("."):
            path = path[1:]
        return path or "."


def _listed(items, total):
    shown = ", ".join(items[:PREVIEW_ITEMS])
    return shown + ", … +%d" % (total - PREVIEW_ITEMS) if total > PREVIEW_ITEMS else shown


def _truncated(text):
    flat = text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    return flat[:TEXT_LIMIT] + "…" if len(flat) > TEXT_LIMIT else flat


def _quoted(text):
    return json.dumps(text, ensure_ascii=False)


def _key(key):
    """A key as a path writes it: bare when it can be."""
    bare = key and key not in RESERVED_KEYS and all(
        (ord(c) > 0x20 and ord(c) != 0x7F and c not in KEY_TERMINATORS) if ord(c) < 0x80 else not c.isspace()
        for c in key)
    return key if bare else _quoted(key)


# MARK: - Summaries


def _summary(hint_type, body):
    """Runs `body`, falling back to the type's hint on anything it cannot read."""
    def summary(value, internal_dict, options=None):
        try:
            text = body(value, Memory(value.GetProcess()))
            return text if text else HINTS.get(hint_type, "")
        except Exception as error:  # never let a summary fail: the hint instead
            if DEBUG:
                return "%s [%s: %s]" % (HINTS.get(hint_type, ""), type(error).__name__, error)
            return HINTS.get(hint_type, "")
    return summary


def _document(value, memory):
    table = Table(memory, value)
    root = table.root()
    header = "Document(%s, %d nodes): %s" % (table.format, table.count, table.preview(root))
    return "\n".join([header] + table.outline(root, OUTLINE_LINES))


def _node(value, memory):
    table = Table(memory, _member(value, "document"))
    index = _unsigned(_member(value, "index"))
    kind = table.record(index)[0]
    header = "Node #%d (%s): %s" % (index, KINDS[kind], table.preview(index))
    return "\n".join([header] + table.outline(index, OUTLINE_LINES))


def _match_line(table, index):
    return "%s: %s" % (table.path(index), table.value(index))


def _match(value, memory):
    table = Table(memory, _member(value, "document"))
    index = _unsigned(_member(value, "index"))
    if index == 0xFFFF_FFFF:  # a computed value
        path, shown = _computed(table, memory, _member(value, "computed"))
        return "%s: %s" % (path or memory.string(_member(value, "resultPath")) or ".", shown)
    line = _match_line(table, index)
    if table.record(index)[0] in (OBJECT, ARRAY, ELEMENT):
        return "\n".join([line] + table.outline(index, OUTLINE_LINES))
    return line


def _case(value):
    """An enum value's case name and payload, as LLDB's Swift formatters
    present them (looking through an `Optional`'s `some`)."""
    synthetic = value.GetSyntheticValue()
    if synthetic and synthetic.IsValid():
        value = synthetic
    name = value.GetValue()
    payload = value.GetChildAtIndex(0)
    if name == "some" and payload.IsValid():
        return _case(payload)
    return name, payload


RESERVED_NAMES = {"ownText": "_string", "deepText": "_text", "name": "_elementName"}


def _computed(table, memory, value):
    """(canonical path or None, value shown) of a `ComputedValue`."""
    name, payload = _case(value)
    if name in RESERVED_NAMES:
        source = _unsigned(payload)
        if name == "ownText":
            text = table.string(source) or ""
        elif name == "name":
            text = table.name(table.record(source)[2])
        else:
            text = table.deep_text(source)
        base = table.path(source)
        path = RESERVED_NAMES[name] if base == "." else base + "." + RESERVED_NAMES[name]
        return path, _quoted(_truncated(text))
    if name == "keyName":
        return None, _quoted(table.name(_unsigned(payload)))
    if name == "text":
        return None, _quoted(_truncated(memory.string(payload)))
    if name == "number":
        return None, _number(value)
    raise Unreadable("computed value " + str(name))


def _number(value):
    """The text of a `ComputedValue.number`, from its bytes, which LLDB does
    not decode: a `ComputedNumber`'s payload (an `Int`, a `Decimal` or a
    `Double`) in the first 20 bytes, its case in the low bits of the 21st."""
    error = lldb.SBError()
    data = value.GetNonSyntheticValue().GetData()
    raw = data.ReadRawData(error, 0, 21) if data.GetByteSize() >= 21 else None
    if not error.Success() or raw is None or len(raw) != 21:
        raise Unreadable("unreadable number")
    case = raw[20] & 0x0F
    if case == 0:
        return str(struct.unpack_from("<q", raw)[0])
    if case == 1:
        # Foundation's Decimal: exponent (Int8), then length (high nibble)
        # and sign (0x08), then 8 UInt16 words of mantissa, least first.
        exponent = struct.unpack_from("<b", raw)[0]
        length, negative = raw[1] >> 4, raw[1] & 0x08
        if length > 8:
            raise Unreadable("bad decimal")
        words = struct.unpack_from("<8H", raw, 4)
        mantissa = sum(word << (16 * i) for i, word in enumerate(words[:length]))
        number = decimal.Decimal(mantissa).scaleb(exponent)
        return format(-number if negative else number, "f")
    if case == 2:
        double = struct.unpack_from("<d", raw)[0]
        if double == double and double == round(double) and abs(double) < 1e15:
            return str(int(double))
        return repr(double)
    raise Unreadable("unknown number")


def _one_or_many(memory, value, limit):
    """The elements of a `OneOrMany<UInt32>` (the first `limit`) and how many."""
    storage = _member(value, "storage")
    case = storage.GetValue()
    if case == "none":
        return [], 0
    # The payload comes first: the one element, or the array's storage.
    error = lldb.SBError()
    raw = storage.GetNonSyntheticValue().GetData().ReadRawData(error, 0, 8)
    if not error.Success() or raw is None or len(raw) != 8:
        raise Unreadable("unreadable storage")
    if case == "one":
        return [struct.unpack_from("<I", raw)[0]], 1
    if case == "many":
        storage_address = struct.unpack("<Q", raw)[0]
        count = memory.word(storage_address + 16)
        shown = min(count, limit)
        data = memory.read(storage_address + 32, 4 * shown) if shown else b""
        return list(struct.unpack("<%dI" % shown, data)), count
    raise Unreadable("unknown storage " + str(case))


def _computed_values(value):
    """The `ComputedValue`s of a `OneOrMany<ComputedValue>`, as SB values."""
    name, payload = _case(_member(value, "storage"))
    if name == "one":
        return [payload]
    if name == "many":
        return [payload.GetChildAtIndex(i) for i in range(min(payload.GetNumChildren(), RESULT_VALUES + 1))]
    return []


def _query_result(value, memory):
    table = Table(memory, _member(value, "document"))
    items, count = _one_or_many(memory, _member(value, "matchedItems"), RESULT_VALUES + 1)
    if count == 0:
        return "QueryResult: no match (print shows why)"
    if count == 1 and items[0] < table.count and table.record(items[0])[0] == ARRAY:
        array = items[0]
        count = table.record(array)[4]
        items = table.children(array, RESULT_VALUES + 1)
        if count == 0:
            return "QueryResult: no match\n  %s: %s" % (table.path(array), table.preview(array))
    lines = ["QueryResult: %d match%s" % (count, "" if count == 1 else "es")]
    computed = None
    for item in items[:RESULT_VALUES]:
        if item < table.count:
            lines.append("  " + _match_line(table, item))
            continue
        if computed is None:
            computed = _computed_values(_member(value, "matchedComputed"))
        position = item - table.count
        if position >= len(computed):
            raise Unreadable("computed value out of range")
        try:
            path, shown = _computed(table, memory, computed[position])
            lines.append("  %s: %s" % (path, shown) if path else "  " + shown)
        except Unreadable:
            lines.append("  (a computed value: print shows it)")
    if count > RESULT_VALUES:
        lines.append("  … %d more" % (count - RESULT_VALUES))
    return "\n".join(lines)


def _editor(value, memory):
    start, count = memory.array(_member(value, "source", "text"))
    text = memory.read(start, min(count, 2048)).decode("utf-8", "replace")
    lines = text.split("\n")
    shown = lines[:EDITOR_LINES]
    if count > 2048 and len(lines) <= EDITOR_LINES:
        shown[-1] += "…"
    try:
        format = _member(value, "source", "document", "format").GetValue() or "json"
    except Unreadable:
        format = "json"
    header = "DocumentEditor(%s, %d bytes)" % (format, count)
    out = [header] + ["  " + line.rstrip("\r") for line in shown]
    if len(lines) > EDITOR_LINES or count > 2048:
        out.append("  … (print shows the whole text)")
    return "\n".join(out)


def _edit_value(memory, value):
    """An `EditValue` as compact JSON when it is a scalar; None otherwise."""
    case, payload = _case(_member(value, "content"))
    if case == "string":
        return _quoted(_truncated(memory.string(payload)))
    if case == "number":
        return memory.string(payload)
    if case == "bool":
        return "true" if _unsigned(payload) & 1 else "false"
    if case == "null":
        return "null"
    if case == "array":
        return "[…]"
    if case == "object":
        return "{…}"
    return None


def _is_some(value):
    """Whether an `Edit.computation` holds a computation: LLDB misreads the
    optional, but its bytes are all zero but the tag when it is nil, and a
    computation holds a reference (a JMESPath or a closure)."""
    error = lldb.SBError()
    data = value.GetNonSyntheticValue().GetData()
    raw = data.ReadRawData(error, 0, data.GetByteSize()) if data.GetByteSize() else None
    if not error.Success() or not raw:
        raise Unreadable("unreadable computation")
    return any(raw[:-1])


def _place(value, path):
    """Where an insert goes, from an `Edit.Place`'s bytes, which LLDB does
    not decode: an index (`Int?`: 8 bytes, then 1 when nil), then the case
    in the low bits of the 10th byte (0 `into`, 1 `before` or `after` as the
    first byte says); the byte's high bits are the enclosing enum's."""
    error = lldb.SBError()
    raw = value.GetNonSyntheticValue().GetData().ReadRawData(error, 0, 10)
    if not error.Success() or raw is None or len(raw) != 10:
        raise Unreadable("unreadable place")
    index, is_nil, case = struct.unpack_from("<q", raw)[0], raw[8] & 1, raw[9] & 0x3F
    if case == 0:
        return "into %s" % path + ("" if is_nil else " at %d" % index)
    if case == 1 and index in (0, 1):
        return ("before ", "after ")[index] + path
    raise Unreadable("unknown place")


def _edit(value, memory):
    path = memory.string(_member(value, "path"))
    try:
        case, payload = _case(_member(value, "operation"))
        if case == "remove":
            sentence = "remove " + path
        elif case == "rename":
            sentence = "rename %s to %s" % (path, memory.string(payload))
        elif case == "set" and _is_some(_member(value, "computation")):
            sentence = "set %s to a computed value" % path
        elif case == "set":
            sentence = "set %s to %s" % (path, _edit_value(memory, payload) or "a value")
        elif case == "insert":
            item = _edit_value(memory, payload.GetChildAtIndex(0)) or "a value"
            key = payload.GetChildAtIndex(1)
            if key.GetValue() != "nil":
                item = _quoted(memory.string(key)) + ": " + item
            sentence = "insert %s %s" % (item, _place(payload.GetChildAtIndex(2), path))
        else:
            raise Unreadable("operation " + str(case))
    except Unreadable as error:
        if DEBUG:
            return "%s [%s]" % (_quoted(path), error)
        return _quoted(path)  # as DocQuery's embedded formatter shows it
    if memory.word(_unsigned(_member(value, "parameters")) + 16) > 0:
        sentence += " (with parameters: print shows them)"
    return sentence


def _edit_value_summary(value, memory):
    shown = _edit_value(memory, value)
    return None if shown in ("[…]", "{…}") else shown  # a container: the hint


document_summary = _summary("DocTree.Document", _document)
node_summary = _summary("DocTree.Node", _node)
query_result_summary = _summary("DocQuery.QueryResult", _query_result)
match_summary = _summary("DocQuery.Match", _match)
editor_summary = _summary("DocQuery.DocumentEditor", _editor)
edit_summary = _summary("DocQuery.Edit", _edit)
edit_value_summary = _summary("DocQuery.EditValue", _edit_value_summary)


def __lldb_init_module(debugger, internal_dict):
    functions = {
        "DocTree.Document": "document_summary",
        "DocTree.Node": "node_summary",
        "DocQuery.QueryResult": "query_result_summary",
        "DocQuery.Match": "match_summary",
        "DocQuery.DocumentEditor": "editor_summary",
        "DocQuery.Edit": "edit_summary",
        "DocQuery.EditValue": "edit_value_summary",
    }
    for type_name, function in functions.items():
        debugger.HandleCommand(
            "type summary add --category %s --python-function %s.%s '%s'" % (CATEGORY, __name__, function, type_name))
    # Enabling puts a category after `default`, which holds DocQuery's
    # embedded one-line hints; enabling `default` again puts it after this
    # category, so these summaries are found first.
    debugger.HandleCommand("type category enable " + CATEGORY)
    debugger.HandleCommand("type category disable default")
    debugger.HandleCommand("type category enable default")
    # LLDB 21 (Swift 6.3) redraws its status line holding the target's API
    # lock while it waits for the terminal, which the REPL holds while it
    # prints a result: any SB call from a summary then blocks forever. With
    # the status line off the two never meet.
    debugger.HandleCommand("settings set show-statusline false")
