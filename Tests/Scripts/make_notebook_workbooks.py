#!/usr/bin/python3
"""Writes the notebook workbooks of Tests/HealthInterchangeTests/Fixtures/real (issue 38), shaped
as the programs save them: notebook_excel.xlsx as Excel does (shared strings, date and time cells
as serial numbers with a date style, a custom 年月日 format, a second sheet), notebook_wps_sessions.xlsx
as WPS exports an .et (one column per part of the day holding 135/85, East Asian built-in date
format 31, inline strings, namespace-prefixed elements), notebook_libreoffice.ods as LibreOffice
does (typed date-value and time-value cells, repeated empty columns and rows to the sheet's end).
Run from the repository: python3 Tests/Scripts/make_notebook_workbooks.py"""
import zipfile
from xml.sax.saxutils import escape

OUT = "Tests/HealthInterchangeTests/Fixtures/real/"
CT = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'
RELS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'


def col(i):
    return "ABCDEFGHIJ"[i]


def excel():
    strings = []

    def s(text):
        if text not in strings:
            strings.append(text)
        return strings.index(text)

    # (cell kind, value, style): "s" shared string, "n" number; styles: 0 general, 1 date (14), 2 time h:mm (20), 3 年月日 (176)
    rows = [
        [("s", "日期"), ("s", "时间"), ("s", "高压(mmHg)"), ("s", "低压(mmHg)"), ("s", "脉搏"), ("s", "体重(斤)"), ("s", "备注")],
        [("n", 46328, 1), ("n", 0.3125, 2), ("n", 135), ("n", 85), ("n", 72), ("n", 128.4), ("s", "早饭前")],
        [("n", 46328, 1), ("n", 0.875, 2), ("n", 128), ("n", 80), ("n", 70), None, None],
        [("n", 46329, 3), ("s", "早上7:10"), ("n", 132), ("n", 84), ("n", 75), None, ("s", "忘记吃药")],
        [("s", "11月5日"), ("s", "晚上9点"), ("n", 126), ("n", 79), ("n", 68), ("n", 127.6), None],
    ]
    sheet = [f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet {NS}><dimension ref="A1:G5"/><sheetData>']
    for r, row in enumerate(rows, 1):
        sheet.append(f'<row r="{r}" spans="1:7">')
        for c, cell in enumerate(row):
            if cell is None:
                continue
            ref = f"{col(c)}{r}"
            style = f' s="{cell[2]}"' if len(cell) > 2 else ""
            if cell[0] == "s":
                sheet.append(f'<c r="{ref}" t="s"{style}><v>{s(cell[1])}</v></c>')
            else:
                sheet.append(f'<c r="{ref}"{style}><v>{cell[1]}</v></c>')
        sheet.append("</row>")
    sheet.append("</sheetData></worksheet>")
    shared = [f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst {NS} count="{len(strings)}" uniqueCount="{len(strings)}">']
    for text in strings:
        # Excel's East Asian editions keep a phonetic guide beside some strings; it is not the cell's text.
        guide = '<rPh sb="0" eb="2"><t>rìqī</t></rPh>' if text == "日期" else ""
        shared.append(f"<si><t>{escape(text)}</t>{guide}</si>")
    shared.append("</sst>")
    styles = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet {NS}><numFmts count="1"><numFmt numFmtId="176" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/></numFmts>'
              '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="20" applyNumberFormat="1"/><xf numFmtId="176" applyNumberFormat="1"/></cellXfs></styleSheet>')
    workbook = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook {NS}><workbookPr/><sheets><sheet name="血压记录" sheetId="1" r:id="rId1"/><sheet name="说明" sheetId="2" r:id="rId2"/></sheets></workbook>'
    wbrels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
              '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
              '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/></Relationships>')
    other = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet {NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>每天早晚各量一次</t></is></c></row></sheetData></worksheet>'
    with zipfile.ZipFile(OUT + "notebook_excel.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", CT)
        z.writestr("_rels/.rels", RELS)
        z.writestr("xl/workbook.xml", workbook)
        z.writestr("xl/_rels/workbook.xml.rels", wbrels)
        z.writestr("xl/worksheets/sheet1.xml", "".join(sheet))
        z.writestr("xl/worksheets/sheet2.xml", other)
        z.writestr("xl/styles.xml", styles)
        z.writestr("xl/sharedStrings.xml", "".join(shared))


def wps():
    x = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'

    def text(ref, value):
        return f'<x:c r="{ref}" t="inlineStr"><x:is><x:t>{escape(value)}</x:t></x:is></x:c>'

    rows = [
        ("1", [text("A1", "日期"), text("B1", "早"), text("C1", "晚"), text("D1", "体重(kg)"), text("E1", "备注")]),
        ("2", ['<x:c r="A2" s="1"><x:v>46335</x:v></x:c>', text("B2", "138/88 76"), text("C2", "130/82")]),
        ("3", ['<x:c r="A3" s="1"><x:v>46336</x:v></x:c>', text("B3", "141/90"), '<x:c r="D3"><x:v>64.2</x:v></x:c>', text("E3", "头晕")]),
        ("4", ['<x:c r="A4" s="1"><x:v>46337</x:v></x:c>', text("C4", "129/81/70")]),
    ]
    sheet = f'<?xml version="1.0" encoding="UTF-8"?>\n<x:worksheet {x}><x:sheetData>' + "".join(
        f'<x:row r="{r}">{"".join(cells)}</x:row>' for r, cells in rows) + "</x:sheetData></x:worksheet>"
    workbook = f'<?xml version="1.0" encoding="UTF-8"?>\n<x:workbook {x}><x:sheets><x:sheet name="Sheet1" sheetId="1" r:id="rId3"/></x:sheets></x:workbook>'
    wbrels = ('<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
              '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet1.xml"/></Relationships>')
    styles = f'<?xml version="1.0" encoding="UTF-8"?>\n<x:styleSheet {x}><x:cellXfs count="2"><x:xf numFmtId="0"/><x:xf numFmtId="31"/></x:cellXfs></x:styleSheet>'
    with zipfile.ZipFile(OUT + "notebook_wps_sessions.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", CT)
        z.writestr("_rels/.rels", RELS)
        z.writestr("xl/worksheets/sheet1.xml", sheet)
        z.writestr("xl/workbook.xml", workbook)
        z.writestr("xl/_rels/workbook.xml.rels", wbrels)
        z.writestr("xl/styles.xml", styles)


def ods():
    def p(value):
        return f"<text:p>{escape(value)}</text:p>"

    def string(value):
        return f'<table:table-cell office:value-type="string" calcext:value-type="string">{p(value)}</table:table-cell>'

    def number(value):
        return f'<table:table-cell office:value-type="float" office:value="{value}" calcext:value-type="float">{p(str(value))}</table:table-cell>'

    def date(value, shown):
        return f'<table:table-cell table:style-name="ce1" office:value-type="date" office:date-value="{value}" calcext:value-type="date">{p(shown)}</table:table-cell>'

    def time(value, shown):
        return f'<table:table-cell table:style-name="ce2" office:value-type="time" office:time-value="{value}" calcext:value-type="time">{p(shown)}</table:table-cell>'

    empty = '<table:table-cell table:number-columns-repeated="1019"/>'
    rows = [
        [string("测量时间"), string("收缩压"), string("舒张压"), string("心率"), string("备注")],
        [date("2026-11-20T06:50:00", "2026/11/20 6:50"), number(142), number(91), number(77), string("起床后")],
        [date("2026-11-20T21:30:00", "2026/11/20 21:30"), number(133), number(84), number(71), '<table:table-cell/>'],
        [string("2026年11月21日 7点05"), number(139), number(87), number(74), '<table:table-cell/>'],
    ]
    body = "".join(f"<table:table-row>{''.join(cells)}{empty}</table:table-row>" for cells in rows)
    body += '<table:table-row table:number-rows-repeated="1048572"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
    content = ('<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
               'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" office:version="1.3"><office:body><office:spreadsheet>'
               f'<table:table table:name="血压"><table:table-column table:number-columns-repeated="1024"/>{body}</table:table></office:spreadsheet></office:body></office:document-content>')
    with zipfile.ZipFile(OUT + "notebook_libreoffice.ods", "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
        z.writestr("META-INF/manifest.xml", '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"/>', zipfile.ZIP_DEFLATED)


excel()
wps()
ods()
