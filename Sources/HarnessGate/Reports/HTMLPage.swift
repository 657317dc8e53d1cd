/// The shell every HTML page of the harness shares: one self-contained document (inline
/// CSS, no scripts, no fonts or images fetched), so a report opens from a CI artefact or a
/// mail attachment exactly as it was written. Collapsing is done with `<details>` alone.
package enum HTMLPage {
    package static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <title>\(HTMLText.escape(title))</title>
        <style>
        \(css)
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// `<span class="cell st-…">text</span>`, the coloured chip used in every matrix cell.
    static func chip(_ status: CaseStatus, _ text: String, title: String? = nil) -> String {
        let tip = title.map { " title=\"\(HTMLText.attribute($0))\"" } ?? ""
        return "<span class=\"cell st-\(status.rawValue)\"\(tip)>\(HTMLText.escape(text))</span>"
    }

    static let css = """
    :root {
      --agree: #1b6e2e; --agree-bg: #e3f3e6;
      --listed: #7a5200; --listed-bg: #ffefc2;
      --unexpected: #a8201a; --unexpected-bg: #fcdcd9;
      --crash: #ffffff; --crash-bg: #5b2a86;
      --not-compared: #4f5b62; --not-compared-bg: #e6eaed;
      --line: #d8dbe0; --muted: #5f6670;
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: #f6f7f9; color: #1d2127;
      font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif; }
    header.page { background: #fff; border-bottom: 1px solid var(--line); padding: 14px 24px; }
    header.page h1 { margin: 0 0 2px; font-size: 20px; }
    header.page p { margin: 0; color: var(--muted); }
    h1 code { font-size: 17px; }
    main { padding: 12px 24px 40px; max-width: 1500px; }
    h2 { font-size: 16px; margin: 22px 0 6px; }
    h2 .sub, .muted { color: var(--muted); font-weight: normal; font-size: 13px; }
    h4 { margin: 8px 0 2px; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
    code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace; }
    code { font-size: 12px; }
    pre { white-space: pre-wrap; word-break: break-all; font-size: 12px; line-height: 1.4; margin: 2px 0;
      background: #f1f3f5; border: 1px solid #e3e6ea; border-radius: 4px; padding: 6px 8px; max-height: 18em; overflow: auto; }
    .verdict { display: inline-block; padding: 1px 10px; border-radius: 4px; color: #fff; font-size: 14px; vertical-align: 2px; }
    .verdict.pass { background: var(--agree); } .verdict.fail { background: var(--unexpected); }
    .summary { display: flex; flex-wrap: wrap; gap: 16px 32px; align-items: flex-start; margin-top: 10px; }
    table.totals { border-collapse: collapse; background: #fff; }
    table.totals th, table.totals td { border: 1px solid var(--line); padding: 4px 12px; text-align: right; }
    table.totals th:first-child, table.totals td:first-child { text-align: left; }
    table.totals td.zero { color: #b0b5bb; }
    .legend { display: grid; grid-template-columns: 8.5em auto; gap: 4px 10px; align-items: center; }
    .alert { background: var(--unexpected-bg); color: var(--unexpected); border: 1px solid #f3b3ad; border-radius: 6px; padding: 8px 12px; margin: 10px 0; }
    .alert ul { margin: 4px 0 0; padding-left: 18px; }
    p.advice { border-left: 3px solid var(--listed); padding-left: 8px; }
    .jump { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0; }
    .jump a { text-decoration: none; }
    .cell { display: inline-block; border-radius: 4px; padding: 2px 6px; font-size: 12px; text-align: center; white-space: nowrap;
      overflow: hidden; text-overflow: ellipsis; }
    p.same .cell { min-width: 6em; margin: 0 8px 0 2px; font-style: normal; }
    .st-agree { background: var(--agree-bg); color: var(--agree); }
    .st-listed { background: var(--listed-bg); color: var(--listed); }
    .st-unexpected { background: var(--unexpected-bg); color: var(--unexpected); font-weight: 600; }
    .st-crash { background: var(--crash-bg); color: var(--crash); font-weight: 600; }
    .st-not-compared { background: var(--not-compared-bg); color: var(--not-compared); }
    .matrix { --readers: 3; }
    .row { display: grid; grid-template-columns: minmax(18em, 1fr) 6em repeat(var(--readers), 10.5em); gap: 6px; align-items: center; }
    .matrix-head { position: sticky; top: 0; z-index: 2; background: #f6f7f9; border-bottom: 1px solid #c4c9cf;
      padding: 6px 10px; font-weight: 600; font-size: 12px; color: var(--muted); }
    .matrix-head span:not(:first-child) { text-align: center; }
    .num { text-align: right; color: var(--muted); font-variant-numeric: tabular-nums; }
    summary { list-style: none; cursor: pointer; }
    summary::-webkit-details-marker { display: none; }
    summary .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    summary .name::before { content: "\\25B8"; display: inline-block; width: 1.1em; color: var(--muted); transition: transform .1s; }
    details[open] > summary .name::before { transform: rotate(90deg); }
    details.group { background: #fff; border: 1px solid var(--line); border-radius: 6px; margin: 4px 0; }
    details.group > summary { padding: 5px 10px; font-weight: 600; }
    details.group > summary:hover, details.case > summary:hover { background: #f3f6fa; }
    .cases { border-top: 1px solid var(--line); padding: 2px 0 6px; }
    details.case > summary { padding: 2px 10px 2px 26px; }
    details.case > summary .name code { font-size: 12px; }
    details.case[open] > summary { background: #eef3f9; }
    .more { margin: 4px 10px 2px 26px; color: var(--muted); font-size: 13px; }
    details.sample > summary { margin: 4px 10px 2px 26px; color: var(--muted); font-size: 13px; }
    .detail { margin: 4px 12px 10px 44px; padding: 6px 12px 8px; border-left: 3px solid var(--line); background: #fcfcfd; }
    .facts { margin: 2px 0 4px; color: var(--muted); }
    .facts b { color: #1d2127; font-weight: 600; }
    table.views { border-collapse: collapse; width: 100%; table-layout: fixed; margin-top: 6px; }
    table.views th, table.views td { border-top: 1px solid #e6e8eb; padding: 4px 6px; vertical-align: top; text-align: left; }
    table.views th { width: 7em; }
    table.views td.status { width: 15em; }
    table.views .why { font-size: 12px; color: var(--muted); margin-top: 3px; white-space: normal; }
    ul.diff { margin: 4px 0 0; padding-left: 16px; font-size: 12px; }
    ul.diff del { background: var(--unexpected-bg); text-decoration: none; padding: 0 2px; }
    ul.diff ins { background: var(--agree-bg); text-decoration: none; padding: 0 2px; }
    .same { color: var(--muted); font-style: italic; }
    table.swatches { border-collapse: collapse; margin-top: 4px; background: #fff; }
    table.swatches th, table.swatches td { border: 1px solid #e6e8eb; padding: 3px 10px; text-align: left; font-size: 12px; }
    .swatch { display: inline-block; width: 18px; height: 18px; border-radius: 50%; vertical-align: -4px; margin-right: 4px;
      border: 1px solid #9aa1a9; overflow: hidden; background: repeating-conic-gradient(#c9cdd2 0 25%, #fff 0 50%) 50% / 8px 8px; }
    .swatch > span { display: block; width: 100%; height: 100%; }
    .swatch.none { background: #fff; border-style: dashed; }
    footer { color: var(--muted); font-size: 12px; margin-top: 24px; }
    """
}
