#!/usr/bin/env python3
"""Which NumPy names does Cohort's array layer have? Writes docs/numpy-coverage.md.

Usage (from anywhere; build first so the classes exist):

    ./mvnw -B -o -q install -DskipTests          # or at least: -pl ndarray-api -am
    python3 tools/numpy-coverage/coverage.py                 # writes docs/numpy-coverage.md
    python3 tools/numpy-coverage/coverage.py --check 200     # also exits 1 if fewer than 200 names are present
    python3 tools/numpy-coverage/coverage.py --stdout        # print the Markdown instead of writing it
    python3 tools/numpy-coverage/coverage.py --import-html comparison.html   # refresh the data file

Sources of names
- The NumPy side is the list of names on cuPyNumeric's "Project comparisons" page (module-level
  functions, ndarray methods, linalg, fft, random) with cuPyNumeric's implemented / not flag, kept in
  tools/numpy-coverage/cupynumeric-comparison.tsv (its header gives the URL, the build and the date it
  was read). --import-html rebuilds that file from a saved copy of the page.
- Cohort's side is read from the compiled classes with `javap -public`: the static methods and static
  fields of dev.cohort.ndarray.Np are module-level names, the public methods of its public nested
  classes are names of the submodule of the same name in lower case (Np.Random -> random.*,
  Np.Linalg -> linalg.*, a future Np.Fft -> fft.*), and NdArray's instance methods are ndarray
  methods/attributes. Methods that return a Slice (Np.all(), Np.slice) are index helpers, not
  NumPy functions. Public classes stand for NumPy's classes as CLASS_NAMES lists (NdArray for numpy.ndarray,
  Generator for numpy.random.Generator, task-library's LinAlgException for numpy.linalg.LinAlgError, ...), when
  they are compiled and public; only Np's nested classes named after a NumPy submodule (SUBMODULES) are
  namespaces.
- Java names are NumPy's names as they are. A Java name that is not a NumPy name but becomes one
  without a leading or trailing underscore (how a Java reserved word is spelt, e.g. a `char_`) is
  mapped to it; JAVA_ALIASES below lists the few other spellings.

What counts
- A Cohort name is *present* when it is a NumPy name: on the page, or an attribute of the installed
  NumPy's numpy / numpy.ndarray / numpy.linalg / numpy.fft / numpy.random (for random.* also a method
  of numpy.random.Generator). The headline count, and --check, count these distinct names
  (`sum` and `ndarray.sum` are two names, as on cuPyNumeric's page).
- A row of the page is *covered* when Cohort has that name or a NumPy alias of it (the same object in
  NumPy, e.g. abs/absolute, or one of PAGE_ALIASES, e.g. max for amax).
"""
import argparse
import datetime
import html
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(HERE, "cupynumeric-comparison.tsv")
OUT = os.path.join(ROOT, "docs", "numpy-coverage.md")
CLASSES = os.path.join(ROOT, "ndarray-api", "target", "classes")
PACKAGE = "dev.cohort.ndarray"

# Java spellings that differ from NumPy's, as (namespace, java name) -> NumPy name in that namespace.
JAVA_ALIASES = {
    ("ndarray", "get"): "__getitem__",   # a[i, j], a[mask], a[idx]
    ("ndarray", "set"): "__setitem__",   # a[i, j] = v
}
# Public Java classes that stand for NumPy classes: (module's target/classes, class) -> (namespace, NumPy name).
CLASS_NAMES = {
    ("ndarray-api", PACKAGE + ".NdArray"): ("", "ndarray"),
    ("ndarray-api", PACKAGE + ".DType"): ("", "dtype"),
    ("ndarray-api", PACKAGE + ".Generator"): ("random", "Generator"),
    ("ndarray-api", PACKAGE + ".BitGenerator"): ("random", "BitGenerator"),
    ("ndarray-api", PACKAGE + ".RandomState"): ("random", "RandomState"),
    ("ndarray-api", PACKAGE + ".Broadcast"): ("", "broadcast"),
    ("ndarray-api", PACKAGE + ".Np$Broadcast"): ("", "broadcast"),
    ("task-library", "dev.cohort.tasks.linalg.LinAlgException"): ("linalg", "LinAlgError"),
}
# Why a name cuPyNumeric implements in the issue's families is not in Cohort (printed beside it in the summary).
NOT_APPLICABLE = {
    "from_dlpack": "DLPack is the Python array-API exchange protocol (a PyCapsule of a C struct); no Java library produces one",
    "sort_complex": "it always returns a complex array, and complex dtypes are outside issue 15 (\"complex is not asked for\")",
}
# Np's nested classes that are NumPy submodules (Np.Random -> random.*); other nested classes are not namespaces.
SUBMODULES = {"Random", "Linalg", "Fft"}
# Names NumPy documents as aliases that are not the same object in NumPy 2 (checked with `is` otherwise).
PAGE_ALIASES = {"amax": {"max"}, "amin": {"min"}, "around": {"round"}, "row_stack": {"vstack"}}

FAMILIES = ["creation", "ufuncs/math", "logic", "reductions and statistics", "manipulation",
            "indexing", "sorting and searching", "linalg", "random", "I/O", "other"]
# The families issue 15 names (for the missing-name lists of the summary).
ISSUE_FAMILIES = ["creation", "ufuncs/math", "logic", "reductions and statistics", "manipulation", "indexing",
                  "sorting and searching", "linalg", "random"]

# Module-level names by family, after NumPy's "Routines" chapters. Names not listed fall to
# ufuncs/math when they are numpy ufuncs, else to "other" (dtypes, classes, configuration).
_W = str.split
FAMILY_NAMES = {
    "creation": _W("""array asarray asanyarray ascontiguousarray asfortranarray asarray_chkfinite asmatrix
        require arange linspace logspace geomspace zeros ones empty full zeros_like ones_like empty_like
        full_like eye identity diag diagflat tri tril triu vander meshgrid mgrid ogrid fromfunction fromiter
        copy bmat matrix from_dlpack bartlett blackman hamming hanning kaiser scalar"""),
    "logic": _W("""all any isfinite isinf isnan isnat isneginf isposinf iscomplex iscomplexobj isfortran
        isreal isrealobj isscalar logical_and logical_or logical_not logical_xor allclose isclose
        array_equal array_equiv greater greater_equal less less_equal equal not_equal signbit"""),
    "reductions and statistics": _W("""sum prod mean average median std var nansum nanprod nanmean
        nanmedian nanstd nanvar nanmax nanmin cumsum cumprod nancumsum nancumprod cumulative_sum
        cumulative_prod ptp percentile quantile nanpercentile nanquantile amax amin max min histogram
        histogram2d histogramdd histogram_bin_edges bincount digitize corrcoef correlate cov count_nonzero
        diff ediff1d gradient trapezoid"""),
    "manipulation": _W("""reshape ravel transpose moveaxis rollaxis swapaxes permute_dims atleast_1d
        atleast_2d atleast_3d broadcast broadcast_to broadcast_arrays broadcast_shapes expand_dims squeeze
        concatenate concat stack vstack hstack dstack column_stack row_stack block split array_split hsplit
        vsplit dsplit unstack tile repeat delete insert append resize trim_zeros flip fliplr flipud roll
        rot90 copyto astype pad flatten fill"""),
    "indexing": _W("""take take_along_axis put put_along_axis putmask place choose compress select
        diagonal fill_diagonal indices ix_ ravel_multi_index unravel_index diag_indices diag_indices_from
        mask_indices tril_indices tril_indices_from triu_indices triu_indices_from nditer ndenumerate
        ndindex nested_iters flatiter __getitem__ __setitem__ item"""),
    "sorting and searching": _W("""sort lexsort argsort sort_complex partition argpartition searchsorted
        argmax argmin nanargmax nanargmin argwhere nonzero flatnonzero where extract unique unique_all
        unique_counts unique_inverse unique_values intersect1d union1d setdiff1d setxor1d isin in1d"""),
    "linalg": _W("""dot vdot inner outer matmul tensordot einsum einsum_path kron trace matrix_transpose
        vecdot matvec vecmat cross"""),
    "I/O": _W("""load save savez savez_compressed loadtxt savetxt genfromtxt fromfile tofile frombuffer
        fromregex fromstring memmap array2string array_repr array_str format_float_positional
        format_float_scientific set_printoptions get_printoptions printoptions base_repr binary_repr
        setbufsize getbufsize tobytes dump dumps tolist"""),
    "ufuncs/math": _W("""around round fix clip convolve interp nan_to_num real imag angle real_if_close
        sinc i0 unwrap sign heaviside polyfit polyval poly poly1d polyadd polyder polydiv polyint polymul
        polysub roots piecewise"""),
}
FAMILY_OF = {}
for _fam, _names in FAMILY_NAMES.items():
    for _n in _names:
        FAMILY_OF.setdefault(_n, _fam)


def fail(msg):
    print("coverage.py: " + msg, file=sys.stderr)
    sys.exit(2)


# ---------------------------------------------------------------- the page's names (data file)

def import_html(path, source_url, build, read_on):
    """Parse a saved copy of cuPyNumeric's comparison page into the data file (names and flags only)."""
    text = open(path, encoding="utf-8").read()
    m = re.search(r"<title>[^<]*\(([^)]*)\)</title>", text)
    build = build or (m.group(1) if m else "unknown")
    rows = []
    for section in re.split(r"<h3>", text)[1:]:
        title = html.unescape(section.split("<a", 1)[0]).strip()
        for row in re.findall(r'<tr class="row-(?:odd|even)">(.*?)</tr>', section, re.S):
            cells = re.findall(r"<td>(.*?)</td>", row, re.S)
            if len(cells) < 2:
                continue
            numpy_names = re.findall(r'<span class="pre">([^<]*)</span>', cells[0])
            if not numpy_names:
                continue
            name = numpy_names[0]
            if not name.startswith("numpy."):
                fail("%s: unexpected NumPy cell %r in section %s" % (path, name, title))
            has = bool(re.findall(r'<span class="pre">cupynumeric[^<]*</span>', cells[1]))
            marks = [re.sub(r"<[^>]+>", "", c).strip() or "-" for c in cells[2:4]]
            marks += ["-"] * (2 - len(marks))
            rows.append((title, name[len("numpy."):].rstrip("()"), "yes" if has else "no", marks[0], marks[1]))
    if not rows:
        fail("%s: no comparison rows found" % path)
    with open(DATA, "w", encoding="utf-8") as f:
        f.write("# NumPy names on cuPyNumeric's API comparison page and whether cuPyNumeric has each.\n")
        f.write("# source: %s\n" % source_url)
        f.write("# build: NVIDIA cuPyNumeric %s (the page as published on nv-legate/cupynumeric gh-pages)\n" % build)
        f.write("# read: %s\n" % read_on)
        f.write("# columns: section, NumPy name (without numpy.), cupynumeric has it (yes/no), the page's\n")
        f.write("#   single-GPU/CPU and multi-GPU/CPU marks (✓, ❌, 🟡 or - for none). Names only; no prose.\n")
        f.write("# regenerate: python3 tools/numpy-coverage/coverage.py --import-html comparison.html\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("wrote %s: %d names" % (os.path.relpath(DATA, ROOT), len(rows)))


def read_data():
    meta, rows = {}, []
    for line in open(DATA, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("#"):
            m = re.match(r"# (source|build|read): (.*)", line)
            if m:
                meta[m.group(1)] = m.group(2)
            continue
        if line:
            section, name, has, single, multi = line.split("\t")
            rows.append({"section": section, "name": name, "cupynumeric": has == "yes",
                         "single": single, "multi": multi})
    return meta, rows


# ---------------------------------------------------------------- Cohort's names (javap)

_MEMBER = re.compile(r"^\s*public\s+(?P<mods>(?:(?:static|final|synchronized|native|abstract|default)\s+)*)"
                     r"(?:<[^>]*>\s+)?(?P<type>[\w.$<>\[\], ?]+?)\s+(?P<name>[\w$]+)\s*(?P<paren>\()?")


def javap(classes, class_name):
    jp = shutil.which("javap") or (os.path.join(os.environ["JAVA_HOME"], "bin", "javap")
                                   if os.environ.get("JAVA_HOME") else None)
    if not jp:
        fail("javap not found (put a JDK on PATH or set JAVA_HOME)")
    out = subprocess.run([jp, "-public", "-cp", classes, class_name], capture_output=True, text=True)
    if out.returncode != 0:
        fail("javap %s failed: %s" % (class_name, out.stderr.strip() or out.stdout.strip()))
    members = []
    for line in out.stdout.splitlines()[2:]:
        m = _MEMBER.match(line)
        if not m:
            continue
        is_method = m.group("paren") is not None
        if is_method and m.group("name") == class_name.rsplit(".", 1)[-1].split("$")[-1]:
            continue  # a constructor
        members.append({"name": m.group("name"), "type": m.group("type").strip(),
                        "static": "static" in m.group("mods"), "method": is_method})
    return members


def cohort_names(classes):
    """{(namespace, java name)}: namespace '' (module level), 'ndarray', or a submodule name."""
    base = os.path.join(classes, *PACKAGE.split("."))
    if not os.path.isfile(os.path.join(base, "Np.class")):
        fail("%s has no compiled Np.class; build first: ./mvnw -B -o -q install -DskipTests" % base)
    names = set()
    for m in javap(classes, PACKAGE + ".Np"):
        if not m["static"] or m["type"].endswith(".Slice"):
            continue
        if not m["method"] and m["type"].startswith(PACKAGE + ".Np$"):
            continue  # the Np.random / Np.linalg holders: their methods count below
        names.add(("", m["name"]))
    for f in sorted(os.listdir(base)):
        m = re.fullmatch(r"Np\$([A-Z][A-Za-z0-9]*)\.class", f)
        if not m or m.group(1) not in SUBMODULES:
            continue
        members = javap(classes, "%s.Np$%s" % (PACKAGE, m.group(1)))
        for mem in members:
            if mem["method"]:
                names.add((m.group(1).lower(), mem["name"]))
    for m in javap(classes, PACKAGE + ".NdArray"):
        if not m["static"] and m["method"]:
            names.add(("ndarray", m["name"]))
    for (module, cls), (ns, np_name) in CLASS_NAMES.items():
        if public_class(os.path.join(ROOT, module, "target", "classes"), cls):
            names.add((ns, np_name))
            CLASS_SPELLING[(ns, np_name)] = cls.rsplit(".", 1)[-1].replace("$", ".")
    return names


# (namespace, NumPy name) -> the Java class that stands for it, filled by cohort_names
CLASS_SPELLING = {}


def public_class(classes, class_name):
    """Whether class_name is compiled under classes and public."""
    path = os.path.join(classes, *class_name.split(".")) + ".class"
    if not os.path.isfile(path):
        return False
    jp = shutil.which("javap") or os.path.join(os.environ.get("JAVA_HOME", ""), "bin", "javap")
    out = subprocess.run([jp, "-public", "-cp", classes, class_name], capture_output=True, text=True)
    return out.returncode == 0 and re.search(r"^public .*\b(class|interface|record|enum)\b", out.stdout, re.M) is not None


# ---------------------------------------------------------------- NumPy names and mapping

def qualify(ns, name):
    return name if not ns else ns + "." + name


def numpy_has(np, ns, name):
    if ns == "":
        return hasattr(np, name)
    if ns == "ndarray":
        return hasattr(np.ndarray, name)
    mod = getattr(np, ns, None)
    if mod is None:
        return False
    if hasattr(mod, name):
        return True
    return ns == "random" and hasattr(np.random.Generator, name)


def to_numpy(np, page_names, ns, java):
    """The NumPy name a Java name stands for, or None when it is not one."""
    def known(n):
        return qualify(ns, n) in page_names or numpy_has(np, ns, n)
    if (ns, java) in JAVA_ALIASES:
        return JAVA_ALIASES[(ns, java)]
    if known(java):
        return java
    stripped = java.strip("_")
    if stripped != java and stripped and known(stripped):
        return stripped
    return None


def same_object(np, ns, a, b):
    try:
        if ns == "":
            oa, ob = getattr(np, a), getattr(np, b)
        elif ns == "ndarray":
            oa, ob = getattr(np.ndarray, a), getattr(np.ndarray, b)
        else:
            oa, ob = getattr(getattr(np, ns), a), getattr(getattr(np, ns), b)
    except AttributeError:
        return False
    return oa is ob


def family(row_or_name, np):
    """Family of a qualified name ('sum', 'ndarray.sum', 'linalg.qr', 'random.rand', 'fft.fft')."""
    q = row_or_name
    if q.startswith("linalg."):
        return "linalg"
    if q.startswith("random."):
        return "random"
    if q.startswith("fft."):
        return "other"
    name = q.split(".", 1)[1] if q.startswith("ndarray.") else q
    if name in FAMILY_OF:
        return FAMILY_OF[name]
    obj = getattr(np, name, None)
    if isinstance(obj, np.ufunc):
        return "ufuncs/math"
    return "other"


def java_spelling(ns, java):
    if ns == "":
        return "Np." + java
    if ns == "ndarray":
        return "NdArray." + java
    return "Np.%s.%s" % (ns.capitalize(), java)


def analyse(np, rows, cohort):
    page_names = {r["name"] for r in rows}
    by_ns = {}
    present, not_numpy = {}, []
    for ns, java in sorted(cohort):
        n = to_numpy(np, page_names, ns, java)
        if n is None:
            not_numpy.append(java_spelling(ns, java))
            continue
        q = qualify(ns, n)
        note = None
        if (ns, java) in CLASS_SPELLING and CLASS_SPELLING[(ns, java)] != java:
            note = CLASS_SPELLING[(ns, java)]
        elif java != n:
            note = java_spelling(ns, java)
        elif ns == "random" and not hasattr(np.random, n):
            note = "numpy.random.Generator." + n
        present[q] = note
        by_ns.setdefault(ns, set()).add(n)
    table = []
    for r in rows:
        q = r["name"]
        ns, name = (q.split(".", 1) if q.startswith(("ndarray.", "linalg.", "random.", "fft."))
                    else ("", q))
        have = by_ns.get(ns, set())
        how = None
        if name in have:
            how = "present"
        else:
            for other in sorted(have):
                if other in PAGE_ALIASES.get(name, ()) or same_object(np, ns, name, other):
                    how = "present (as `%s`)" % qualify(ns, other)
                    break
        table.append(dict(r, family=family(q, np), cohort=how or "missing"))
    extra = sorted(q for q in present if q not in page_names)
    return present, table, extra, sorted(not_numpy)


# ---------------------------------------------------------------- Markdown

def cupy_cell(r):
    if not r["cupynumeric"]:
        return "no"
    marks = {r["single"], r["multi"]} - {"✓"}
    return "yes" if not marks else "yes (%s/%s)" % (r["single"], r["multi"])


def markdown(np, meta, present, table, extra, not_numpy):
    covered = [t for t in table if t["cohort"] != "missing"]
    module_level = [q for q in present if "." not in q]
    lines = []
    w = lines.append
    w("# NumPy coverage")
    w("")
    w("Generated by `tools/numpy-coverage/coverage.py` on %s from the compiled classes of ndarray-api "
      "(`javap -public` on `Np`, its nested `Np.Random`/`Np.Linalg`, and `NdArray`) and the NumPy names on "
      "cuPyNumeric's API comparison page (%s, %s, read %s; kept in "
      "`tools/numpy-coverage/cupynumeric-comparison.tsv`). NumPy %s decides which Java names are NumPy names. "
      "Do not edit; run the script after adding functions."
      % (datetime.date.today().isoformat(), meta.get("source", "?"), meta.get("build", "?"),
         meta.get("read", "?"), np.__version__))
    w("")
    w("## Summary")
    w("")
    w("- **NumPy names present in Cohort: %d** (%d module-level functions and objects, %d ndarray methods "
      "and attributes, %d in `linalg`, %d in `random`, %d elsewhere). `sum` and `ndarray.sum` count as two "
      "names, as on cuPyNumeric's page."
      % (len(present), len(module_level), sum(q.startswith("ndarray.") for q in present),
         sum(q.startswith("linalg.") for q in present), sum(q.startswith("random.") for q in present),
         sum(q.startswith("fft.") for q in present)))
    w("- Rows of cuPyNumeric's page covered by Cohort (the name or a NumPy alias of it): %d of %d; "
      "cuPyNumeric has %d of them." % (len(covered), len(table), sum(t["cupynumeric"] for t in table)))
    w("- Rows cuPyNumeric has and Cohort lacks: %d." % sum(t["cupynumeric"] and t["cohort"] == "missing"
                                                        for t in table))
    w("")
    w("| family | page rows | cuPyNumeric has | Cohort has | cuPyNumeric has, Cohort lacks |")
    w("|---|---:|---:|---:|---:|")
    for fam in FAMILIES:
        rows = [t for t in table if t["family"] == fam]
        w("| %s | %d | %d | %d | %d |" % (fam, len(rows), sum(t["cupynumeric"] for t in rows),
                                          sum(t["cohort"] != "missing" for t in rows),
                                          sum(t["cupynumeric"] and t["cohort"] == "missing" for t in rows)))
    w("")
    w("### Names cuPyNumeric implements that Cohort lacks, in the families issue 15 names")
    w("")
    for fam in ISSUE_FAMILIES:
        lacking = [t["name"] for t in table
                   if t["family"] == fam and t["cupynumeric"] and t["cohort"] == "missing"]
        w("- **%s** (%d): %s" % (fam, len(lacking), ", ".join(
            "`%s`" % n + (" (not applicable: %s)" % NOT_APPLICABLE[n] if n in NOT_APPLICABLE else "")
            for n in lacking) or "none"))
    w("")
    if extra:
        w("### Cohort's NumPy names that are not rows of the page")
        w("")
        w(", ".join("`%s`" % q + (" (`%s`)" % present[q] if present[q] else "") for q in extra))
        w("")
    if not_numpy:
        w("### Cohort's public names that are not NumPy names (not counted)")
        w("")
        w(", ".join("`%s`" % q for q in not_numpy))
        w("")
    w("## By family")
    w("")
    w("cuPyNumeric: `yes` when the page names a cupynumeric function for it; marks other than ✓ in the "
      "page's single-/multi-GPU columns are shown after it. Module-level functions, `ndarray.` methods, "
      "`linalg.`, `random.` and `fft.` (under other) as on the page.")
    for fam in FAMILIES:
        rows = [t for t in table if t["family"] == fam]
        w("")
        w("### %s (%d of %d present)" % (fam, sum(t["cohort"] != "missing" for t in rows), len(rows)))
        w("")
        w("| name | cuPyNumeric | Cohort |")
        w("|---|---|---|")
        for t in sorted(rows, key=lambda t: (t["name"].startswith("ndarray."), t["name"])):
            w("| `%s` | %s | %s |" % (t["name"], cupy_cell(t), t["cohort"]))
    w("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--classes", default=CLASSES, help="compiled ndarray-api classes (default: %(default)s)")
    ap.add_argument("--out", default=OUT, help="Markdown to write (default: %(default)s)")
    ap.add_argument("--stdout", action="store_true", help="print the Markdown instead of writing it")
    ap.add_argument("--check", type=int, metavar="N", help="exit 1 when fewer than N NumPy names are present")
    ap.add_argument("--import-html", metavar="FILE", help="rebuild the data file from a saved comparison page")
    ap.add_argument("--source-url", default="https://docs.nvidia.com/cupynumeric/latest/api/comparison.html")
    ap.add_argument("--build", help="cuPyNumeric version the page was built from (default: from its title)")
    ap.add_argument("--read-on", default=datetime.date.today().isoformat())
    args = ap.parse_args()
    if args.import_html:
        import_html(args.import_html, args.source_url, args.build, args.read_on)
        return 0
    try:
        import numpy as np
    except ImportError:
        fail("needs NumPy (pip install numpy)")
    meta, rows = read_data()
    present, table, extra, not_numpy = analyse(np, rows, cohort_names(args.classes))
    md = markdown(np, meta, present, table, extra, not_numpy)
    if args.stdout:
        print(md)
    else:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(md)
        print("wrote %s" % os.path.relpath(os.path.abspath(args.out), ROOT))
    covered = sum(t["cohort"] != "missing" for t in table)
    print("present=%d page_rows_covered=%d page_rows=%d" % (len(present), covered, len(table)))
    if args.check is not None and len(present) < args.check:
        print("coverage.py: %d NumPy names present, fewer than --check %d" % (len(present), args.check),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
