"""JVM builds: Maven (javac's errors in its COMPILATION ERROR section, surefire's failing
tests, `BUILD FAILURE` and the failed goal) and Gradle (`> Task … FAILED`, javac/kotlinc errors,
failing tests, the `* What went wrong:` block, `BUILD FAILED in …`)."""

from __future__ import annotations

import re

from garrepa_py.structural.log.log_lines import Block, Parsed, span

MAVEN_BUILD = re.compile(r"^\[INFO\] BUILD (SUCCESS|FAILURE)\s*$")
MAVEN_COMPILE = re.compile(r"^\[ERROR\] (\S+?):\[(\d+),\d+\] (.*)$")
MAVEN_TEST = re.compile(r"^\[ERROR\] (\S+)(?:\(\S+\))?\s+Time elapsed: .*<<< (FAILURE|ERROR)!$")
MAVEN_TESTS_RUN = re.compile(r"^\[(ERROR|WARNING|INFO)\] Tests run: \d+, Failures: \d+, "
                             r"Errors: \d+, Skipped: \d+\s*$")
MAVEN_GOAL = re.compile(r"^\[ERROR\] Failed to execute goal .*$")
MAVEN_HELP = re.compile(r"^\[ERROR\] (-> \[Help|\s*$|To see the full|Re-run Maven|For more "
                        r"information|\[Help \d)")
GRADLE_BUILD = re.compile(r"^BUILD (SUCCESSFUL|FAILED) in .*$")
GRADLE_TASK_FAILED = re.compile(r"^> Task (\S+) FAILED$")
GRADLE_TEST = re.compile(r"^(\S+) > (.+) FAILED$")
GRADLE_WRONG = re.compile(r"^\* What went wrong:$")
GRADLE_COUNT = re.compile(r"^\d+ tests? completed, \d+ failed.*$")
JAVAC = re.compile(r"^(\S+\.(?:java|kt|groovy|scala)):(\d+): error: .*$")
KOTLINC = re.compile(r"^e: (?:file://)?(\S+\.kts?):(?: \()?(\d+)[:,] ?\d+\)?:? .*$")


def is_maven(lines: list[str]) -> bool:
    return any(MAVEN_BUILD.match(line) for line in lines[-40:]) or any(
        line.startswith("[INFO] Scanning for projects") for line in lines[:20])


def is_gradle(lines: list[str]) -> bool:
    return any(GRADLE_BUILD.match(line) for line in lines[-40:]) or any(
        line.startswith("> Task :") for line in lines)


def maven(lines: list[str]) -> Parsed:
    blocks: list[Block] = []
    seen: set[str] = set()
    after_goal = False
    for index, line in enumerate(lines):
        if MAVEN_GOAL.match(line):
            after_goal = True  # Maven repeats the compiler's errors there: kept once, above
            continue
        compile_error = MAVEN_COMPILE.match(line)
        if compile_error and not after_goal:
            title = f"{compile_error.group(1).rsplit('/', 1)[-1]}:[{compile_error.group(2)}]"
            if title not in seen:
                seen.add(title)
                blocks.append(Block(title, index + 1, [line, *span(lines, index + 1)]))
            continue
        test = MAVEN_TEST.match(line)
        if test:
            body = [part for part in span(lines, index + 1, keep=re.compile(r"^\w[\w.$]*(Error|"
                                                                           r"Exception|Failure)"))]
            blocks.append(Block(test.group(1), index + 1, [line, *body]))
    build = [line for line in lines if MAVEN_BUILD.match(line)]
    tests_run = [line for line in lines if MAVEN_TESTS_RUN.match(line)]
    goal = [line for line in lines if MAVEN_GOAL.match(line)]
    summary = tests_run[-1:] + build[-1:] + goal
    if build:
        failed = "FAILURE" in build[-1]
        return Parsed(blocks, summary, failed, f"Maven says {build[-1][7:].strip()!r}",
                      int(failed))
    failed = bool(blocks or goal or any(line.startswith("[ERROR]") and not MAVEN_HELP.match(line)
                                        for line in lines))
    return Parsed(blocks, summary, failed, "no BUILD line; [ERROR] lines found" if failed
                  else "no BUILD line and no [ERROR] line", int(failed))


def gradle(lines: list[str]) -> Parsed:
    blocks: list[Block] = []
    for index, line in enumerate(lines):
        compiler = JAVAC.match(line) or KOTLINC.match(line)
        if compiler:
            frame = span(lines, index + 1, stop=re.compile(r"^\S"))[:6]
            blocks.append(Block(f"{compiler.group(1).rsplit('/', 1)[-1]}:{compiler.group(2)}",
                                index + 1, [line, *frame]))
            continue
        test = GRADLE_TEST.match(line)
        if test and not line.startswith("> Task"):
            blocks.append(Block(f"{test.group(1)} > {test.group(2)}", index + 1,
                                [line, *span(lines, index + 1)]))
            continue
        if GRADLE_WRONG.match(line):
            body: list[str] = []
            for part in lines[index + 1:index + 60]:
                if part.startswith(("* Try:", "* Exception is:", "* Get more help")):
                    break
                body.append(part)
            blocks.append(Block("What went wrong", index + 1, [line, *body]).trim())
    summary = [line for line in lines if GRADLE_BUILD.match(line) or GRADLE_COUNT.match(line)
               or GRADLE_TASK_FAILED.match(line) or line.startswith("FAILURE: ")]
    build = [line for line in lines if GRADLE_BUILD.match(line)]
    if build:
        failed = "FAILED" in build[-1]
        return Parsed(blocks, summary, failed, f"Gradle says {build[-1]!r}", int(failed))
    failed = bool(blocks) or any(line.startswith("FAILURE: ") for line in lines)
    return Parsed(blocks, summary, failed, "no BUILD line; failures found" if failed
                  else "no BUILD line and no failure", int(failed))
