#!/usr/bin/env python3
"""Writes Sources/CDeferredLibraries/deferred_functions.c: one forwarding function for each C
function of the drawing stack (Cairo, Pango, fontconfig, GObject), libxml2, libarchive, libqrencode
and libmicrohttpd (with GnuTLS behind it) that HealthLog calls. Each has the library's own name and
prototype (from `gcc -aux-info` over the real headers) and calls the real function, found with dlsym in
the library opened on first use. So the program links none of these libraries, and a command that never
draws, reads XML, opens a zip, shows a QR code or serves the page (add, list, stats) never loads them:
start-up is SQLite's and libc's alone.

Run after using a new function of these libraries: python3 Tests/Scripts/gen_deferred_libraries.py
"""
import re, subprocess, sys, tempfile, os

LIBRARIES = {  # soname: (pkg-config name, functions)
    "libcairo.so.2": ("cairo", """cairo_arc cairo_clip cairo_close_path cairo_create cairo_destroy cairo_fill
        cairo_font_options_create cairo_font_options_destroy cairo_font_options_set_hint_metrics
        cairo_font_options_set_hint_style cairo_image_surface_create cairo_line_to cairo_move_to cairo_new_path
        cairo_new_sub_path cairo_pdf_surface_add_outline cairo_pdf_surface_create_for_stream cairo_pdf_surface_set_metadata
        cairo_rectangle cairo_restore cairo_save cairo_scale cairo_set_dash cairo_set_line_join cairo_set_line_width
        cairo_set_source_rgba cairo_show_page cairo_status cairo_status_to_string cairo_stroke cairo_surface_destroy
        cairo_surface_finish cairo_surface_status cairo_surface_write_to_png_stream cairo_svg_surface_create_for_stream"""),
    "libpangocairo-1.0.so.0": ("pangocairo", """pango_cairo_context_set_font_options pango_cairo_font_map_new_for_font_type
        pango_cairo_show_layout"""),
    "libpangoft2-1.0.so.0": ("pangoft2", "pango_fc_font_map_get_type pango_fc_font_map_set_config"),
    "libpango-1.0.so.0": ("pango", """pango_context_set_round_glyph_positions pango_font_description_free
        pango_font_description_from_string pango_font_description_set_absolute_size pango_font_map_create_context
        pango_layout_get_size pango_layout_get_unknown_glyphs_count pango_layout_new pango_layout_set_alignment
        pango_layout_set_auto_dir pango_layout_set_ellipsize pango_layout_set_font_description pango_layout_set_height
        pango_layout_set_text pango_layout_set_width pango_layout_set_wrap"""),
    "libfontconfig.so.1": ("fontconfig", """FcConfigAppFontAddFile FcConfigCreate FcConfigDestroy FcConfigParseAndLoadFromMemory
        FcFontList FcFontSetDestroy FcObjectSetAdd FcObjectSetCreate FcObjectSetDestroy FcPatternAddString FcPatternCreate
        FcPatternDestroy FcPatternGetString"""),
    "libgobject-2.0.so.0": ("gobject-2.0", "g_object_unref g_type_check_instance_cast"),
    "libxml2.so.2": ("libxml-2.0", """xmlFreeTextReader xmlGetLineNo xmlReaderForIO xmlTextReaderConstName
        xmlTextReaderConstValue xmlTextReaderCurrentNode xmlTextReaderDepth xmlTextReaderGetParserLineNumber
        xmlTextReaderIsEmptyElement xmlTextReaderMoveToAttribute xmlTextReaderMoveToElement xmlTextReaderNodeType
        xmlTextReaderRead xmlTextReaderSetStructuredErrorHandler"""),
    "libarchive.so.13": ("libarchive", """archive_entry_is_encrypted archive_entry_pathname archive_entry_pathname_utf8 archive_errno
        archive_error_string archive_filter_bytes archive_read_data_block archive_read_free archive_read_new
        archive_read_next_header archive_read_open_filename archive_read_support_format_zip_streamable"""),
    "libqrencode.so.4": ("libqrencode", "QRcode_encodeData QRcode_free"),
    # MHD_start_daemon is variadic: Sources/CMicroHTTPD/shim.h calls its va_list form.
    "libmicrohttpd.so.12": ("libmicrohttpd", """MHD_add_response_header MHD_create_post_processor
        MHD_create_response_from_buffer MHD_destroy_post_processor MHD_destroy_response MHD_get_connection_info
        MHD_get_connection_values MHD_lookup_connection_value MHD_post_process MHD_queue_response MHD_start_daemon_va MHD_stop_daemon"""),
}
# Variadic functions HealthLog calls only in forms that pass nothing after the fixed parameters
# (MHD_get_connection_info for the client's address): forwarded with the fixed parameters alone.
FIXED_PARAMETERS_ONLY = {"MHD_get_connection_info"}
HEADERS = ["stdarg.h", "cairo.h", "cairo-pdf.h", "cairo-svg.h", "pango/pangocairo.h", "pango/pangofc-fontmap.h",
           "fontconfig/fontconfig.h", "libxml/xmlreader.h", "glib-object.h", "archive.h", "archive_entry.h", "qrencode.h",
           "sys/socket.h", "microhttpd.h"]

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
packages = sorted({name for name, _ in LIBRARIES.values()} | {"pangoft2"})
cflags = subprocess.run(["pkg-config", "--cflags"] + packages, check=True, capture_output=True, text=True).stdout.split()
with tempfile.TemporaryDirectory() as work:
    source = os.path.join(work, "p.c")
    with open(source, "w") as f:
        f.write("".join(f"#include <{h}>\n" for h in HEADERS))
    subprocess.run(["gcc", "-fsyntax-only", "-aux-info", os.path.join(work, "aux"), *cflags, source], check=True)
    prototypes = {}
    for line in open(os.path.join(work, "aux")):
        match = re.match(r"/\*.*?\*/ extern (.+?)\b(\w+) \((.*)\);$", line.strip())
        if match:
            prototypes[match.group(2)] = (match.group(1).strip(), match.group(3))

out = ["/* Generated by Tests/Scripts/gen_deferred_libraries.py; do not edit. */",
       '#include "deferred_loader.h"'] + [f"#include <{h}>" for h in HEADERS] + [""]
for index, (soname, (_, names)) in enumerate(LIBRARIES.items()):
    for name in names.split():
        if name not in prototypes:
            sys.exit(f"no prototype for {name}")
        result, parameters = prototypes[name]
        variadic = name in FIXED_PARAMETERS_ONLY
        if variadic:
            parameters = re.sub(r",\s*\.\.\.$", "", parameters.strip())
        if "..." in parameters or "(" in parameters:
            sys.exit(f"{name} takes variadic or function-typed parameters written inline: forward it by hand")
        # A va_list parameter as gcc spells it on this machine (x86-64: __va_list_tag *): va_list everywhere.
        types = [] if parameters.strip() == "void" else ["va_list" if "__va_list_tag" in p else p.strip() for p in parameters.split(",")]
        arguments = ", ".join(f"{t} a{i}" for i, t in enumerate(types)) or "void"
        call = ", ".join(f"a{i}" for i in range(len(types)))
        ret = "" if result == "void" else "return "
        out.append(f"{result} {name}({arguments}{', ...' if variadic else ''}) {{")
        out.append(f"    static __typeof__(&{name}) real;")
        out.append(f"    __typeof__(&{name}) f = __atomic_load_n(&real, __ATOMIC_ACQUIRE);")
        out.append(f"    if (!f) {{ f = (__typeof__(&{name}))healthlog_deferred_symbol({index}, \"{name}\"); __atomic_store_n(&real, f, __ATOMIC_RELEASE); }}")
        out.append(f"    {ret}f({call});")
        out.append("}")
out.append("")
with open(os.path.join(root, "Sources/CDeferredLibraries/deferred_functions.c"), "w") as f:
    f.write("\n".join(out))
with open(os.path.join(root, "Sources/CDeferredLibraries/deferred_sonames.h"), "w") as f:
    f.write("/* Generated by Tests/Scripts/gen_deferred_libraries.py; do not edit. The libraries, by index. */\n")
    f.write("static const char *const healthlog_deferred_sonames[] = {\n")
    f.write("".join(f'    "{s}",\n' for s in LIBRARIES))
    f.write("};\n")
print(f"wrote {sum(len(n.split()) for _, n in LIBRARIES.values())} forwarding functions")
