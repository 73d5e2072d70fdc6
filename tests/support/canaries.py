"""Fake secrets of every kind garrepa detects: shaped like the real thing, valid for nothing.

Each canary carries a unique marker so a test can search any output — a model request, a
briefing, the journal — for the value, not just for its kind.
"""

from __future__ import annotations

R = "Xq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sA"  # 32 random-looking characters

# (kind garrepa reports, the line as it appears in a file, the secret value in it)
CANARIES: tuple[tuple[str, str, str], ...] = (
    ("aws-key", 'AWS_ACCESS_KEY_ID = "AKIAQ3EGRHXT7QZDLNWB"', "AKIAQ3EGRHXT7QZDLNWB"),
    ("aws-key", 'aws_secret_access_key = "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"',
     "k9Vw2Lr5Tq8Ny3Hx6Bz1Mc4Gf7Jd0Sp2Ra5Ue8Wi"),
    ("github-token", f"GH_TOKEN=ghp_{R}Q7wE", f"ghp_{R}Q7wE"),
    ("github-token", f"token = github_pat_11AAQ3EGR0{R}_{R}", f"github_pat_11AAQ3EGR0{R}_{R}"),
    ("slack-token", f'SLACK_BOT_TOKEN="xoxb-284756193025-8917364502871-{R[:24]}"',
     f"xoxb-284756193025-8917364502871-{R[:24]}"),
    ("slack-webhook", f"url: https://hooks.slack.com/services/T04QX8Z7L/B05RW2K9M/{R[:24]}",
     f"https://hooks.slack.com/services/T04QX8Z7L/B05RW2K9M/{R[:24]}"),
    ("openai-key", f"OPENAI_API_KEY=sk-proj-{R[:20]}T3BlbkFJ{R[:20]}",
     f"sk-proj-{R[:20]}T3BlbkFJ{R[:20]}"),
    ("anthropic-key", f"ANTHROPIC_API_KEY=sk-ant-api03-{R}{R}-AA", f"sk-ant-api03-{R}{R}-AA"),
    ("google-api-key", f'maps_key: "AIzaSyD{R[:32]}"', f"AIzaSyD{R[:32]}"),
    ("stripe-key", f'stripe.api_key = "sk_live_{R[:24]}"', f"sk_live_{R[:24]}"),
    ("jwt", "Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
     "eyJzdWIiOiJjYW5hcnkiLCJpYXQiOjE3MzI5MDAwMDB9.5mhBHqs5_DTLdINd9p5m7ZJ6XD0Xc55kIaCRY5r6HRA",
     "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjYW5hcnkiLCJpYXQiOjE3MzI5MDAwMDB9."
     "5mhBHqs5_DTLdINd9p5m7ZJ6XD0Xc55kIaCRY5r6HRA"),
    ("url-password", "DATABASE_URL=postgres://app:Zk8pW3qL9xT2@db.internal:5432/app",
     "Zk8pW3qL9xT2"),
    ("npm-token", f"//registry.npmjs.org/:_authToken=npm_{R}Q7wE", f"npm_{R}Q7wE"),
    ("pypi-token", "password = pypi-AgEIcHlwaS5vcmcCJGNhbmFyeS0wMDAwLTAwMDAtMDAwMC1jYW5hcnkwMD"
     "AwMAACKlszLCJjYW5hcnkiXQAABiBjYW5hcnljYW5hcnljYW5hcnljYW5hcnljYW5hcnk",
     "pypi-AgEIcHlwaS5vcmcCJGNhbmFyeS0wMDAwLTAwMDAtMDAwMC1jYW5hcnkwMDAwMAACKlszLCJjYW5hcnkiXQ"
     "AABiBjYW5hcnljYW5hcnljYW5hcnljYW5hcnljYW5hcnk"),
    ("credential", 'db_password = "Tr0ub4dor&3-canary"', "Tr0ub4dor&3-canary"),
    ("credential", '"client_secret": "9f8e7d6c5b4a39281706f5e4d3c2b1a0"',
     "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
)
PEM = ("-----BEGIN RSA PRIVATE KEY-----\n"
       "MIIEowIBAAKCAQEAyCANARYq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAXq7pL2mN9v\n"
       "B4cR8tY1wZ5kJ3hG6fD0sAXq7pL2mN9vB4cR8tY1wZ5kJ3hG6fD0sAXq7pL2mN9v\n"
       "-----END RSA PRIVATE KEY-----")
PEM_MARKER = "MIIEowIBAAKCAQEAyCANARY"
VALUES = tuple(value for _, _, value in CANARIES) + (PEM_MARKER,)
KINDS = sorted({kind for kind, _, _ in CANARIES} | {"private-key"})


def canary_text() -> str:
    """Every canary on its own line among ordinary text, as a config dump or .env would be."""
    lines = ["# service configuration (test canaries, valid for nothing)"]
    for kind, line, _ in CANARIES:
        lines += [f"# {kind}", line]
    return "\n".join([*lines, "# private key", PEM, "# end"]) + "\n"


def leaked(text: str) -> list[str]:
    """The canary values present in `text` (should be none)."""
    return [value for value in VALUES if value in text]
