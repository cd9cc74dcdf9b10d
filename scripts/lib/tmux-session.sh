# Sourced by the scripts that drive `docq explore` in tmux (explore-tmux.sh,
# explore-cast.sh) after they set `name` (for messages) and `root`.
#
# Finds docq ($DOCQ, else .build/debug/docq), exits 77 when tmux is missing
# and 1 when docq is, and sets up a private tmux server (-L, so nothing
# touches the user's sessions) with a fresh HOME (so the history file is the
# script's own); both are removed on exit. Defines `docq`, `home`, `server`
# and `tm` (tmux on that server).

docq="${DOCQ:-$root/.build/debug/docq}"

if ! command -v tmux >/dev/null 2>&1; then
    echo "$name: tmux is not installed; skipping" >&2
    exit 77
fi
if [[ ! -x "$docq" ]]; then
    echo "$name: no docq binary at $docq (run swift build first)" >&2
    exit 1
fi

server="docq-$name-$$"
home="$(mktemp -d)"
cleanup() {
    # A pane's programs end on the hang-up kill-server sends, unless they
    # block or ignore it: those are killed, so nothing outlives the script.
    local pane
    for pane in $(tmux -L "$server" list-panes -a -F '#{pane_pid}' 2>/dev/null); do
        pkill -KILL -P "$pane" 2>/dev/null || true
    done
    tmux -L "$server" kill-server >/dev/null 2>&1 || true
    rm -rf "$home"
}
trap cleanup EXIT

tm() { TERM=xterm-256color tmux -L "$server" "$@"; }
