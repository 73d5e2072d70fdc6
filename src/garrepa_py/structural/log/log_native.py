"""Native toolchains: cargo (rustc's diagnostics and `cargo test`'s failures), go test and
build, and C/C++ builds (gcc and clang diagnostics with their code frames, make's error lines,
the linker's)."""

from __future__ import annotations

import re

from garrepa_py.structural.log.log_lines import Block, Parsed, span

RUST_HEAD = re.compile(r"^(error|warning)(\[E\d{4}\])?: (.*)$")
RUST_WHERE = re.compile(r"^\s*--> (\S+?):(\d+):\d+$")
RUST_FRAME = re.compile(r"^(\s*\d*\s*\||\s*= |\s*\.\.\.$|\s+\^)")
CARGO_RESULT = re.compile(r"^test result: (ok|FAILED)\. ")
CARGO_TEST_LINE = re.compile(r"^test (\S+) \.\.\. (ok|FAILED|ignored)")
CARGO_FAILURE = re.compile(r"^---- (\S+) stdout ----$")
CARGO_END = re.compile(r"^(error: (could not compile|test failed|aborting|\d+ targets? failed)"
                       r".*|\s*Finished .*)$")
GO_FAIL = re.compile(r"^(\s*)--- FAIL: (\S+) \(")
GO_RUN = re.compile(r"^=== (RUN|CONT|PAUSE|NAME) +(\S+)")
GO_MARKER = re.compile(r"^\s*(=== \w+ |--- (PASS|FAIL|SKIP): |(PASS|FAIL|ok  )(\t|$))")
GO_PACKAGE = re.compile(r"^(ok  |FAIL|\?   )\t(\S+)(\t| )?(.*)$")
GO_BUILD_HEAD = re.compile(r"^# (\S+)")
GO_POSITION = re.compile(r"^(\S+\.go):(\d+)(?::\d+)?: (.*)$")
C_DIAGNOSTIC = re.compile(r"^(\S+?):(\d+)(?::\d+)?: (fatal error|error|warning|note): (.*)$")
C_CONTEXT = re.compile(r"^(In file included from |\s+from |\S+: (In (member )?function|"
                       r"At top level|In instantiation of|In constructor)\b)")
C_FRAME = re.compile(r"^(\s*\d+ \||\s+\|)")
MAKE_ERROR = re.compile(r"^(g?make)(\[\d+\])?: \*\*\* .*Error \d+")
LINKER = re.compile(r"^(/\S*ld(\.\w+)?: .*|collect2: error: .*|.*undefined reference to .*)$")
CMAKE_ERROR = re.compile(r"^CMake Error")


def is_cargo(lines: list[str]) -> bool:
    return any(CARGO_RESULT.match(line) or line.startswith(
        ("   Compiling ", "error[E", "error: could not compile")) for line in lines)


def is_go(lines: list[str]) -> bool:
    return any(GO_FAIL.match(line) or GO_PACKAGE.match(line) and "\t" in line
               for line in lines[-400:]) or any(line.startswith("--- PASS: ") for line in lines)


def is_c_build(lines: list[str]) -> bool:
    return any(C_DIAGNOSTIC.match(line) and re.search(r"\.(c|cc|cpp|cxx|h|hpp|m|mm)$",
                                                      line.split(":", 1)[0])
               or MAKE_ERROR.match(line) or CMAKE_ERROR.match(line) for line in lines)


def _rust_diagnostics(lines: list[str]) -> tuple[list[Block], int]:
    """Each `error[E…]: …` with its `-->` location and code frame; warnings only counted."""
    blocks: list[Block] = []
    warnings = 0
    for index, line in enumerate(lines):
        head = RUST_HEAD.match(line)
        if head is None or CARGO_END.match(line):
            continue
        body = span(lines, index + 1, keep=re.compile(r"^\s*(\d+\s*)?\||^\s*= |^\s*-->"))
        if head.group(1) == "warning":
            warnings += 1
            continue
        where = next((RUST_WHERE.match(part) for part in body if RUST_WHERE.match(part)), None)
        title = f"{where.group(1)}:{where.group(2)}" if where else head.group(3)[:80]
        blocks.append(Block(title, index + 1, [line, *body]))
    return blocks, warnings


def cargo(lines: list[str]) -> Parsed:
    blocks, warnings = _rust_diagnostics(lines)
    for index, line in enumerate(lines):
        failure = CARGO_FAILURE.match(line)
        if failure is None:
            continue
        body: list[str] = []
        for part in lines[index + 1:index + 400]:
            if CARGO_FAILURE.match(part) or part == "failures:" or CARGO_RESULT.match(part):
                break
            body.append(part)
        blocks.append(Block(failure.group(1), index + 1, [line, *body]).trim())
    results = [line for line in lines if CARGO_RESULT.match(line)]
    failed_results = [line for line in results if "FAILED" in line]
    summary = list(failed_results)
    for index, line in enumerate(lines):
        if line.startswith("error:") and CARGO_END.match(line):  # with the targets it lists
            summary += [line, *(span(lines, index + 1, limit=10) if "failed:" in line else [])]
    if results and not failed_results:
        summary.append(results[-1])
    errors = [block for block in blocks if RUST_HEAD.match(block.lines[0])]
    if failed_results or errors or any(line.startswith("error:") and CARGO_END.match(line)
                                       for line in lines):
        said = (f"cargo's test result says {failed_results[-1].split(';')[0]!r}" if
                failed_results else f"{len(errors)} compiler errors" if errors else
                "cargo says the build failed")
        return Parsed(blocks, summary, True, said + (f" ({warnings} warnings)" if warnings
                                                     else ""), 101)
    if results:
        return Parsed(blocks, summary, False, f"every test result says ok ({len(results)})", 0)
    finished = [line for line in lines if line.strip().startswith("Finished ")]
    return Parsed(blocks, summary + finished[-1:], False,
                  "cargo finished" if finished else "no compiler error", 0)


def go(lines: list[str]) -> Parsed:
    blocks: list[Block] = []
    run_at: dict[str, int] = {}
    last_marker = -1  # the last line before this one that is a go test marker
    for index, line in enumerate(lines):
        marker = last_marker
        if GO_MARKER.match(line):
            last_marker = index
        run = GO_RUN.match(line)
        if run:
            run_at[run.group(2)] = index
            continue
        failure = GO_FAIL.match(line)
        if failure:
            name = failure.group(2)
            after = [part for part in span(lines, index + 1, stop=GO_MARKER)
                     if part.strip()]  # `go test` without -v prints the output after
            start = run_at.get(name)
            # -v prints it between `=== RUN` and `--- FAIL`, when no other marker is between
            # (known from the last marker seen, so no line is read twice)
            before = lines[start + 1:index] if start is not None and marker == start else []
            if start is not None and before and not after:
                blocks.append(Block(name, start + 2, [*before, line]))
            else:
                blocks.append(Block(name, index + 1, [line, *after]))
            continue
        if line.startswith("panic: "):  # its goroutine traces, up to the package's FAIL line
            end = next((n for n, part in enumerate(lines[index + 1:index + 60])
                        if GO_PACKAGE.match(part)), len(lines[index + 1:index + 60]))
            blocks.append(Block(line[:80], index + 1, [line, *lines[index + 1:index + 1 + end]])
                          .trim())
            continue
        head = GO_BUILD_HEAD.match(line)
        if head:
            for offset, part in enumerate(lines[index + 1:index + 200], start=index + 2):
                position = GO_POSITION.match(part)
                if position is None and not part.startswith("\t"):
                    break
                if position is not None:
                    blocks.append(Block(f"{position.group(1).rsplit('/', 1)[-1]}:"
                                        f"{position.group(2)}", offset, [part]))
                elif blocks:
                    blocks[-1].lines.append(part)
    packages = [m for m in map(GO_PACKAGE.match, lines) if m is not None]
    failing = [m.group(0) for m in packages if m.group(1) == "FAIL"]
    passing = sum(1 for m in packages if m.group(1) == "ok  ")
    summary = _package_lines(packages) + [line for line in lines[-3:]
                                          if line.strip() in ("PASS", "FAIL")][-1:]
    build_failed = any("[build failed]" in line or "[setup failed]" in line for line in failing)
    if failing or blocks or (lines and lines[-1].strip() == "FAIL"):
        said = (f"go's package lines say FAIL for {len(failing)} of {len(failing) + passing}"
                if failing else f"{len(blocks)} failures and no package line")
        return Parsed(blocks, summary, True, said, 2 if build_failed else 1)
    if passing:
        return Parsed(blocks, summary, False, f"every package line says ok ({passing})", 0)
    return Parsed(blocks, summary, False, "no FAIL line and no error", 0)


GO_OK_SHOWN = 40  # `ok` package lines kept verbatim; every FAIL line is kept whatever this says


def _package_lines(packages: list[re.Match[str]]) -> list[str]:
    """The package lines, in the log's order: every FAIL and the first GO_OK_SHOWN `ok`s, so a
    passing run still says which packages passed ("did go-difflib pass?" without the log)."""
    kept, oks = [], 0
    for match in packages:
        if match.group(1) == "FAIL":
            kept.append(match.group(0))
        elif match.group(1) == "ok  " and oks < GO_OK_SHOWN:
            kept.append(match.group(0))
            oks += 1
    return kept


def c_build(lines: list[str]) -> Parsed:
    """gcc/clang `file:l:c: error: …` with the context lines above it (`In file included
    from`, `In function`) and the code frame under it; make's `*** … Error N` lines, the linker's
    and CMake's errors. Warnings are counted, not kept."""
    blocks: list[Block] = []
    warnings = 0
    for index, line in enumerate(lines):
        diagnostic = C_DIAGNOSTIC.match(line)
        if diagnostic and diagnostic.group(3) in ("error", "fatal error"):
            start = index
            while start > 0 and C_CONTEXT.match(lines[start - 1]) and index - start < 8:
                start -= 1
            frame = []
            for part in lines[index + 1:index + 12]:
                if not (C_FRAME.match(part) or (C_DIAGNOSTIC.match(part) and
                                                 " note: " in part)):
                    break
                frame.append(part)
            blocks.append(Block(f"{diagnostic.group(1)}:{diagnostic.group(2)}", start + 1,
                                [*lines[start:index + 1], *frame]))
        elif diagnostic and diagnostic.group(3) == "warning":
            warnings += 1
        elif LINKER.match(line) and not line.startswith("collect2"):
            blocks.append(Block(line.strip()[:80], index + 1, [line]))
        elif CMAKE_ERROR.match(line):
            body = span(lines, index + 1)
            blocks.append(Block(line.strip()[:80], index + 1, [line, *body]))
    summary = [line for line in lines if MAKE_ERROR.match(line) or line.startswith("collect2:")]
    errors = len(blocks)
    if summary or errors:
        said = f"{errors} errors" + (f", make says {summary[-1].strip()!r}" if summary else "")
        return Parsed(blocks, summary, True, said + (f" ({warnings} warnings)" if warnings
                                                     else ""), 2 if summary else 1)
    return Parsed(blocks, summary, False, "no compiler, linker or make error"
                  + (f" ({warnings} warnings)" if warnings else ""), 0)
