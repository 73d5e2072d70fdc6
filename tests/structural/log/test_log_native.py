"""A go test digest names its packages: which passed as well as which failed (issue 27: "did
go-difflib pass?" used to need the whole log)."""

from __future__ import annotations

from garrepa_py.structural.log import log_native, logs


def go_log(oks: int, fails: int = 0) -> str:
    lines = []
    for n in range(oks):
        lines += [f"=== RUN   TestOk{n}", f"--- PASS: TestOk{n} (0.00s)", "PASS",
                  f"ok  \texample.com/mod/pkg{n}\t0.0{n % 10}s"]
    for n in range(fails):
        lines += [f"=== RUN   TestBad{n}", f"    bad_test.go:{n + 3}: got 1, want 2",
                  f"--- FAIL: TestBad{n} (0.00s)", "FAIL", f"FAIL\texample.com/mod/bad{n}\t0.01s"]
    lines += ["?   \texample.com/mod/cmd\t[no test files]", "FAIL" if fails else "PASS"]
    return "\n".join(lines) + "\n"


def test_a_passing_run_names_every_package_that_passed() -> None:
    result = logs.digest(go_log(3), "go", "/spill/x.txt")
    assert not result.failed
    for n in range(3):
        assert f"ok  \texample.com/mod/pkg{n}\t0.0{n}s" in result.text.split("\n")
    assert "example.com/mod/cmd" not in result.text  # no test files: nothing to tell


def test_every_fail_line_stays_however_many_packages_passed() -> None:
    result = logs.digest(go_log(log_native.GO_OK_SHOWN + 20, fails=3), "go", "/spill/x.txt")
    shown = result.text.split("\n")
    assert result.failed
    for n in range(3):
        assert f"FAIL\texample.com/mod/bad{n}\t0.01s" in shown
        assert f"TestBad{n}" in result.text
    oks = [line for line in shown if line.startswith("ok  \t")]
    assert len(oks) == log_native.GO_OK_SHOWN  # the first ones, in the log's order
    assert oks[0].startswith("ok  \texample.com/mod/pkg0\t")
    assert len(result.text) <= logs.BUDGET
