#!/usr/bin/env bash
# Drives the Swift REPL in tmux over DocQuery, as the "Exploring in the
# Swift REPL" article shows: import DocQuery, load a sample document,
# evaluate it, and check what the REPL displays (DocQuery's embedded
# one-line hint, then, with Tools/lldb/docquery_formatters.py imported, each
# value's content; never the storage) and what `:po` and print show.
#
# BUILD_DIR is a debug build of the package (the test passes the directory
# of its own test binary). The script links DocTree and DocQuery's objects
# there into one shared library under a temporary folder and starts
# `swift repl` on it. Exit status: 0 when every check passed, 77 (with the
# reason on stdout) when the REPL cannot start here, 1 when a check failed.
# Every wait has a timeout; the whole run stops after 75 s, and ending the
# REPL then takes at most 10 s more.
set -u

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${BUILD_DIR:-$root/.build/debug}"
skip() { echo "skipped: $*"; exit 77; }
fail() { echo "FAILED: $*"; echo "--- the REPL's screen:"; [ -n "${session:-}" ] && tmux capture-pane -p -t "$session" -S -400; exit 1; }

command -v tmux >/dev/null || skip "tmux is not installed"
swift="$(command -v swift)" || skip "swift is not on PATH"
[ -f "$build/DocQuery.build/output-file-map.json" ] || skip "no DocQuery build in $build"
[ -f "$build/Modules/DocQuery.swiftmodule" ] || skip "no DocQuery module in $build/Modules"

# The REPL runs on lldb, which on Linux toolchains links libpython3.10.
library_path="${LD_LIBRARY_PATH:-}"
lldb="$(dirname "$(readlink -f "$swift")")/lldb"
if command -v ldd >/dev/null && [ -x "$lldb" ] && ldd "$lldb" | grep -q 'libpython.*not found'; then
    wanted="$(ldd "$lldb" | sed -n 's/^[[:space:]]*\(libpython[^ ]*\) => not found.*/\1/p' | head -1)"
    found=""
    for dir in "$HOME"/.pyenv/versions/*/lib /usr/local/lib /usr/lib/x86_64-linux-gnu /usr/lib64 /opt/python*/lib; do
        if [ -e "$dir/$wanted" ]; then found="$dir"; break; fi
    done
    [ -n "$found" ] || skip "lldb needs $wanted, which is not installed (the REPL cannot start)"
    library_path="$found${library_path:+:$library_path}"
fi

work="$(mktemp -d)"
session="docquery-repl-$$"
# A watchdog ends the run after 75 s; it holds no descriptor of ours, so
# whoever reads our output sees its end when we stop, and it signals only
# while we are still its parent (never a later process with our pid).
( exec >/dev/null 2>&1 </dev/null; sleep 75
  [ "$(ps -o ppid= -p "$BASHPID" | tr -d ' ')" = "$$" ] && kill -TERM $$ ) &
watchdog=$!
# lldb may outlive the tmux session (idle, it ignores the hangup and waits
# on the closed terminal for ever; busy, its expression runs on): the REPL is
# ended with :quit first and, when lldb is still there 10 s later, it is
# killed by its pid with what it started (lldb-server, the REPL's process).
stop_repl() {
    local pane lldb deadline=$((SECONDS + 10))
    pane="$(tmux display -p -t "$session" '#{pane_pid}' 2>/dev/null)" || return 0
    repl_lldb() { local pid; for pid in $(pgrep -P "$pane"); do [ "$(ps -o comm= -p "$pid")" = lldb ] && echo "$pid"; done; }
    lldb="$(repl_lldb)"
    [ -n "$lldb" ] || return 0
    tmux send-keys -t "$session" -l -- ':quit' 2>/dev/null; tmux send-keys -t "$session" Enter 2>/dev/null
    while ((SECONDS < deadline)); do
        [ -n "$(repl_lldb)" ] || return 0
        sleep 0.3
    done
    local server inferiors
    server="$(pgrep -P "$lldb")"
    inferiors="$(for pid in $server; do pgrep -P "$pid"; done)"
    kill -KILL $inferiors $server $lldb 2>/dev/null
}
trap 'pkill -P $watchdog 2>/dev/null; kill $watchdog 2>/dev/null; stop_repl; tmux kill-session -t "$session" 2>/dev/null; rm -rf "$work"' EXIT
trap 'echo "FAILED: the run took over 75 s"; exit 1' TERM

# One shared library of DocTree and DocQuery, from the objects of this build.
objects=()
for target in DocTree DocQuery; do
    while IFS= read -r object; do objects+=("$object"); done < <(
        grep -o '"object" *: *"[^"]*"' "$build/$target.build/output-file-map.json" | sed 's/.*: *"\(.*\)"/\1/')
done
timeout 60 swiftc -emit-library -o "$work/libDocQueryREPL.so" "${objects[@]}" -lxml2 >"$work/link.txt" 2>&1 \
    || fail "linking the library: $(cat "$work/link.txt")"

tmux new-session -d -s "$session" -x 200 -y 100 \
    "env LD_LIBRARY_PATH='$library_path' '$swift' repl -I '$build/Modules' -I '$root/Sources/CLibXML2' \
    -I /usr/include/libxml2 -L '$work' -lDocQueryREPL; sleep 30" || fail "tmux did not start"

screen() { tmux capture-pane -p -t "$session" -S -400; }

# Waits up to $1 seconds until the command after it succeeds.
wait_until() {
    local deadline=$((SECONDS + $1))
    shift
    while ((SECONDS < deadline)); do
        "$@" && return 0
        sleep 0.3
    done
    return 1
}
shows() { screen | grep -qF -- "$1"; }
shows_prompt() { screen | grep -qE "^ +$1>( |\$)"; }
# An lldb command keeps the prompt's number, so only a new, empty prompt
# line last on the screen says that it ran.
shows_bare_prompt() { screen | grep -v '^ *$' | tail -1 | grep -qE "^ +$1> ?\$"; }

# Each waits up to $2 seconds: for the screen to show $1 (a fixed string),
# for the REPL's prompt number $1, for a bare prompt number $1.
wait_for() { wait_until "$2" shows "$1"; }
wait_for_prompt() { wait_until "$2" shows_prompt "$1"; }
wait_for_bare_prompt() { wait_until "$2" shows_bare_prompt "$1"; }

type_line() { tmux send-keys -t "$session" -l -- "$1"; tmux send-keys -t "$session" Enter; }

if ! wait_for_prompt 1 40; then
    text="$(screen | tr -s '\n' | tail -5)"
    skip "the REPL did not start within 40 s: $text"
fi

type_line 'import DocQuery'
wait_for_prompt 2 20 || fail "import DocQuery"
type_line 'import Foundation'
wait_for_prompt 3 20 || fail "import Foundation"
type_line "let doc = try Document(contentsOf: URL(fileURLWithPath: \"$root/Examples/documents/tasks.json\"))"
# Without the Python formatters, DocQuery's embedded ones show a hint.
wait_for "doc: DocTree.Document = Document (print, dump or po shows its outline)" 20 || fail "loading a document"
# With them, the values show their content (Tools/lldb/docquery_formatters.py).
type_line ":command script import $root/Tools/lldb/docquery_formatters.py"
# The next line typed before the import ran would join it as one input
# (lldb's line editor reads both as a paste): wait for the new prompt.
wait_for ":command script import" 20 && wait_for_bare_prompt 4 20 || fail "importing the formatters"
type_line 'doc'
wait_for '$R0: DocTree.Document = Document(json, 28 nodes): object {stat, tasks}' 20 || fail "a document's outline"
wait_for '    rev: "8f3a6d0e2c"' 5 || fail "a document's outline below its first line"
type_line 'doc["tasks.list.taskseries"]'
wait_for '$R1: DocQuery.QueryResult = QueryResult: 2 matches' 20 || fail "a query's result"
wait_for '  tasks.list[0].taskseries[1]: object {id, created, name, tags, … +1}' 5 || fail "a query's values"
type_line 'doc.tasks.list.taskseries.name'
wait_for '  tasks.list[0].taskseries[0].name: "Get Bananas"' 20 || fail "a result's text values"
type_line 'try PathQuery("tasks.list[0].id")'
wait_for '$R3: DocQuery.PathQuery = "tasks.list[0].id"' 20 || fail "a PathQuery"
type_line 'doc.root'
wait_for '$R4: DocTree.Node = Node #1 (object): object {stat, tasks}' 20 || fail "a node"
type_line 'doc["tasks.rev"].first!'
wait_for '$R5: DocQuery.Match = tasks.rev: "8f3a6d0e2c"' 20 || fail "a match"
type_line 'doc["tasks.list.taskseries.@keys"]'
wait_for '$R6: DocQuery.QueryResult = QueryResult: 5 matches' 20 || fail "a result of computed values"
wait_for '  "created"' 5 || fail "a computed value"
type_line 'doc["tasks.list.taskseries.@count"].first!'
wait_for '$R7: DocQuery.Match = tasks.list.taskseries.@count: 2' 20 || fail "a computed number"
type_line "let editor = try DocumentEditor(contentsOf: URL(fileURLWithPath: \"$root/Examples/documents/settings.json\"))"
wait_for 'editor: DocQuery.DocumentEditor = DocumentEditor(json, 102 bytes)' 20 || fail "an editor"
wait_for '          "fontSize": 14,' 5 || fail "an editor's text"
type_line "let feed = try Document(contentsOf: URL(fileURLWithPath: \"$root/Examples/documents/rsp.xml\"))"
wait_for 'feed: DocTree.Document = Document(xml, 12 nodes): <rsp stat="ok"> {auth}' 20 || fail "an XML document"
wait_for '    perms: "delete"' 5 || fail "an XML document's outline"
type_line 'Edit.set("editor.fontSize", to: 16)'
wait_for ': DocQuery.Edit = set editor.fontSize to 16' 20 || fail "an edit"
type_line 'EditValue(["size": 16])'
wait_for ': DocQuery.EditValue = EditValue (print, dump or po shows it as JSON)' 20 || fail "an edit value"
type_line ':po doc'
wait_for '- name : "Get Bananas"' 20 || fail ":po doc shows the outline"
type_line 'print(doc.tasks.list.taskseries.name)'
wait_for 'tasks.list[0].taskseries[1].name: "Call Mom"' 20 || fail "print of a result"

for word in NodeTable RecordStorage NameTable EditableSource OneOrMany; do
    screen | grep -qF "$word" && fail "the REPL shows storage ($word)"
done
# A display that shows stored properties opens a block: `name: Type = {`.
screen | grep -qE '^[$[:alnum:]_]+: [[:alnum:]_.]+ = \{ *$' && fail "a result display shows stored properties"
# No result display takes more than 40 lines (a display is the lines from
# one prompt to the next that begin `name: Type = `).
long="$(screen | awk '
    /^ *[0-9]+>/ { if (display && count > 40) print first " (" count " lines)"; display = 0; count = 0; next }
    count == 0 { first = $0; display = ($0 ~ /^[$[:alnum:]_]+: [[:alnum:]_.]+ = /) }
    { count++ }')"
[ -z "$long" ] || fail "a result display took more than 40 lines: $long"
lines="$(screen | sed -n '/^ *[0-9]*> :po doc/,/^ *[0-9]*> print/p' | wc -l)"
((lines <= 42)) || fail ":po doc took $lines lines"

echo "REPL checks passed"
