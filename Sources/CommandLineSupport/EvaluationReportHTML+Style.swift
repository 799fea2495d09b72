extension EvaluationReportHTML {
    /// The page's CSS: system fonts, light tables, and figures that wrap on narrow windows.
    static let style = """
    body{font:14px/1.45 -apple-system,"Segoe UI",Roboto,"DejaVu Sans",Helvetica,Arial,sans-serif;color:#1f2328;\
    margin:0 auto;padding:16px 24px;max-width:1180px;background:#fff}
    h1{font-size:22px;margin:4px 0 8px}h2{font-size:18px;margin:22px 0 6px;border-bottom:1px solid #d0d7de;padding-bottom:3px}
    h3{font-size:15px;margin:14px 0 4px}
    .meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0;color:#444}
    .meta dt{font-weight:600}.meta dd{margin:0;overflow-wrap:anywhere}
    code{font:12px/1.4 "DejaVu Sans Mono",Menlo,Consolas,monospace;background:#f6f8fa;padding:1px 4px;border-radius:3px}
    .cards{display:flex;flex-wrap:wrap;gap:10px}
    .card{border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;min-width:96px;background:#f6f8fa}
    .card .value{font-size:22px;font-weight:600}.card .name{color:#57606a;font-size:12px}
    .note{color:#57606a;font-size:12.5px;margin:2px 0 8px}
    table{border-collapse:collapse;font-size:13px;margin:4px 0}
    th,td{border:1px solid #d8dee4;padding:3px 8px;text-align:left;vertical-align:top}
    thead th{background:#f0f3f6;position:sticky;top:0}
    table.sortable thead th{cursor:pointer}
    td.num{text-align:right;font-variant-numeric:tabular-nums}
    tr.weak td:first-child{color:#b42318;font-weight:600}
    td.diag{background:#e8f0fa;text-align:right}td.off{background:#fde8e4;text-align:right}td.zero{color:#aaa;text-align:right}
    .figures{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
    .figure svg{display:block;max-width:100%;height:auto}
    svg text{font-family:inherit}svg .label{font-size:11px;fill:#24292f}svg .tick{font-size:10.5px;fill:#57606a}
    svg .axis{font-size:12px;fill:#24292f;font-weight:600}svg .count{font-size:10.5px;fill:#24292f}svg .count.light{fill:#fff}
    svg rect.cell:hover{stroke:#111;stroke-width:1.5}
    .scroll{overflow-x:auto}
    .place,.slots{color:#57606a;font-size:12px}.conf{color:#57606a;font-size:12px}.bad{color:#b42318}
    details summary{cursor:pointer;color:#0969da;margin:8px 0}
    footer{margin-top:24px;color:#8c959f;font-size:12px}
    """

    /// Optional: sorts a `sortable` table by the clicked column (numbers by their `data-v`),
    /// again to reverse. Without it the tables read the same, worst first.
    static let sortScript = """
    document.querySelectorAll("table.sortable").forEach(function (table) {
      table.querySelectorAll("thead th").forEach(function (th, column) {
        th.addEventListener("click", function () {
          var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
          var direction = th.getAttribute("data-direction") === "up" ? -1 : 1;
          th.setAttribute("data-direction", direction === 1 ? "up" : "down");
          rows.sort(function (a, b) {
            var x = a.cells[column], y = b.cells[column];
            var u = x.getAttribute("data-v"), v = y.getAttribute("data-v");
            if (u !== null && v !== null) return direction * (parseFloat(u) - parseFloat(v));
            return direction * x.textContent.localeCompare(y.textContent);
          });
          rows.forEach(function (row) { body.appendChild(row); });
        });
      });
    });
    """
}
