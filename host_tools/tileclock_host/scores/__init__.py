# The score tools: an evening's score sheet from an action script, a device
# journal or a sheet saved as JSON (evening.py); printable sheets as PDF and
# HTML (layout.py builds the tables, pdf.py and html.py draw them); CSV/JSON
# export (export.py); the score book across evenings and devices (book.py).
# docs/scores.md describes the formats.
