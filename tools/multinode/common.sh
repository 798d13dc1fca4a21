# Shared by tools/multinode/ssh-check and slurm-check (sourced, not run).

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cohort="$root/bin/cohort"
# the keys of logreg's output that must be the same bits whatever the shard count
keys=(data rows features loss accuracy w iterations)
export COHORT_JAVA_OPTS="${COHORT_JAVA_OPTS:--Xmx512m -XX:+UseSerialGC}"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

header() { # title
    echo "# $1"
    echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "host: $(hostname) ($(uname -sr), $(nproc) processors, $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo))"
    echo "java: $(java -version 2>&1 | head -1)"
    echo "commit: $(git -C "$root" rev-parse --short HEAD 2> /dev/null || echo '?')$(git -C "$root" diff --quiet HEAD 2> /dev/null || echo ' (with local changes)')"
    echo "COHORT_JAVA_OPTS: $COHORT_JAVA_OPTS"
    echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) (timings on a shared box vary with it)"
}

# The compared keys of a key=value output (stdin), one per line, the long w shortened to a checksum.
values() {
    local k line
    local text
    text="$(cat)"
    for k in "${keys[@]}"; do
        line="$(printf '%s\n' "$text" | grep -m1 "^$k=" || true)"
        printf '%s\n' "$line"
    done
}

# Prints 'same' or the differences between two files of values.
compare() {
    if diff -q "$1" "$2" > /dev/null; then
        echo "same"
    else
        echo "DIFFERENT:"
        diff "$1" "$2" | sed 's/^/    /' | cut -c1-160
    fi
}

short() { # the values, with w cut to its first 60 characters and a sha256 of it
    while IFS= read -r line; do
        case "$line" in
            w=*) printf '%s... (sha256 %s)\n' "${line:0:62}" "$(printf '%s' "$line" | sha256sum | cut -c1-16)" ;;
            *) printf '%s\n' "$line" ;;
        esac
    done
}

# Pids of the processes whose command line contains $1 (reads /proc; not this shell or its pipeline).
pids_with() {
    local d pid
    for d in /proc/[0-9]*; do
        pid="${d#/proc/}"
        [ "$pid" = "$$" ] || [ "$pid" = "$BASHPID" ] && continue
        if { tr '\0' ' ' < "$d/cmdline"; } 2> /dev/null | grep -qF -- "$1"; then
            printf '%s\n' "$pid"
        fi
    done
}

# The pid of the java process with marker $1 whose environment has $2 (e.g. COHORT_RANK=1).
jvm_with() {
    local pid
    for pid in $(pids_with "$1"); do
        if [ "$(basename "$(readlink "/proc/$pid/exe" 2> /dev/null)")" = java ] \
                && { tr '\0' '\n' < "/proc/$pid/environ"; } 2> /dev/null | grep -qx -- "$2"; then
            printf '%s\n' "$pid"
            return 0
        fi
    done
    return 1
}

# Waits up to $2 seconds until no process carries marker $1; prints what is left.
wait_gone() {
    local i left
    for i in $(seq 1 $(($2 * 10))); do
        left="$(pids_with "$1")"
        [ -z "$left" ] && { echo "none"; return 0; }
        sleep 0.1
    done
    echo "LEFT: $(for p in $left; do ps -o pid=,comm= -p "$p"; done | tr '\n' ' ')"
    return 1
}

# Fails the check (exit 1 at the end) with a message.
failures=0
check() { # condition-text, 0/1
    if [ "$2" = 0 ]; then
        echo "  ok: $1"
    else
        echo "  FAILED: $1"
        failures=$((failures + 1))
    fi
}

summary_lines() { # a launcher's or srun's stderr without the stack frames, indented
    grep -v -E '^(\[shard [0-9]+\]|[0-9]+:)[[:space:]]+(at |\.\.\. [0-9]+ more)' "$1" | grep -v '^cohort: job [0-9a-f]*: ' \
        | cut -c1-220 | sed 's/^/    /'
}
