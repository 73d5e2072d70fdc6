#!/bin/sh
# read-cap gate: a PreToolUse Read handler that starts Python only for a Read Claude Code refuses
# for its size (issue 35). PROTOTYPE, measured by benchmarks/read_overcap_cost.py --pre gate and
# not installed: see docs/benchmarks.md, "Reads over Claude Code's cap".
#
# Claude Code refuses a whole-file Read (no offset or limit) of a file over 256 KB (262,144
# bytes). Every other documentation Read exits here, silently, with no Python: a window, a file
# at or under the cap, a missing path, a directory or a FIFO. The path is taken from the event
# (compact JSON on stdin) only when it is plain: absolute, no backslash (so no escaped quote,
# newline or \u sequence), file_path once. Anything else is handed to the launcher, whose Python
# parses the JSON itself: never a guess. GARREPA_LAUNCHER names the launcher (tests); by default
# the project's.
case "${GARREPA_DISABLE:-}" in ""|0|false|no) ;; *) exit 0 ;; esac
event=$(cat) || exit 0
case "$event" in
  *'"offset":'[0-9]*|*'"limit":'[0-9]*|*'"allow_large":true'*) exit 0 ;;  # a window: served
esac
rest=${event#*'"file_path":"'}
path=${rest%%'"'*}
case "$event" in *'"file_path":"'*) ;; *) path= ;; esac   # no plain file_path
case "$rest" in *'"file_path":"'*) path= ;; esac          # two of them
case "$path" in /*) ;; *) path= ;; esac                   # relative
case "$path" in *\\*) path= ;; esac                       # escaped: quote, newline, \u…
if [ -n "$path" ]; then
  [ -f "$path" ] || exit 0  # missing, a directory, a FIFO: Claude Code's own answer
  size=$(wc -c < "$path" 2>/dev/null) || exit 0
  case "$size" in
    *[!0-9\ ]*|"") ;;                          # not a number: Python decides
    *) [ $size -gt 262144 ] || exit 0 ;;
  esac
fi
printf '%s\n' "$event" | "${GARREPA_LAUNCHER:-$CLAUDE_PROJECT_DIR/.claude/hooks/garrepa-hook}"
exit 0
