// Compile Python modules to bytecode with Pyodide's own interpreter (in Node), for tools/build_site.py: the
// browser then imports them without compiling each first (compiling IPython alone takes seconds there).
//
//   node tools/compile_in_pyodide.mjs PYODIDE_DIR OUT_DIR SPEC_JSON
//
// PYODIDE_DIR holds the interpreter, the site's lock and its wheels. SPEC_JSON is
// {"imports": [module, ...], "packages": [package, ...]}: every package of the lock is loaded, the modules of
// "imports" are imported, and each module then imported from site-packages is compiled, as is every .py file of
// the "packages" folders. The bytecode goes to OUT_DIR under the file's path in site-packages, as NAME.pyc
// ("unchecked-hash" files: the interpreter takes them without comparing dates, which unpacking a wheel changes).
// The modules of the standard library imported by then (Pyodide ships it as sources, in python_stdlib.zip) are
// compiled too, into OUT_DIR/stdlib/ under their path in that zip. OUT_DIR/compiled.json lists both ("compiled",
// "stdlib") and the interpreter's cache tag.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const COMPILE = `
import importlib, importlib.util, json, pathlib, py_compile, sys, sysconfig, zipimport

spec = json.loads(spec_json)
site = pathlib.Path("/" + sysconfig.get_path("purelib").lstrip("/"))
for name in spec["imports"]:
    importlib.import_module(name)
modules = list(sys.modules.values())

sources = {pathlib.Path(m.__file__) for m in modules if getattr(m, "__file__", None)}
sources = {s for s in sources if s.suffix == ".py" and site in s.parents}
for package in spec["packages"]:
    sources |= set((site / package).rglob("*.py"))
compiled = []
for source in sorted(sources):
    relative = source.relative_to(site)
    target = pathlib.Path("/compiled") / relative.with_suffix(".pyc")
    target.parent.mkdir(parents=True, exist_ok=True)
    py_compile.compile(str(source), cfile=str(target), dfile=str(source), doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    compiled.append(relative.as_posix())

stdlib_zip = next(p for p in sys.path if p.endswith(".zip"))  # /lib/python3XX.zip: the standard library's sources
stdlib = []
for module in modules:
    file = getattr(module, "__file__", None) or ""
    if not file.startswith(stdlib_zip + "/") or not file.endswith(".py"):
        continue
    if not isinstance(module.__loader__, zipimport.zipimporter):
        continue  # frozen into the interpreter: compiled already
    relative = file[len(stdlib_zip) + 1:]
    source = module.__loader__.get_source(module.__name__)
    code = compile(source, file, "exec", dont_inherit=True)
    pyc = importlib._bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(source.encode("utf-8")), False)
    target = (pathlib.Path("/compiled/stdlib") / relative).with_suffix(".pyc")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(bytes(pyc))
    stdlib.append(relative)

manifest = {"cache_tag": sys.implementation.cache_tag, "compiled": compiled, "stdlib": sorted(stdlib)}
pathlib.Path("/compiled/compiled.json").write_text(json.dumps(manifest, indent=1))
summary = f"{len(compiled)} modules and {len(stdlib)} of the standard library compiled ({sys.implementation.cache_tag})"
`;

const [pyodideDir, outDir, specFile] = process.argv.slice(2);
if (!specFile) {
  console.error("usage: node tools/compile_in_pyodide.mjs PYODIDE_DIR OUT_DIR SPEC_JSON");
  process.exit(2);
}
const { loadPyodide } = await import(resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
const lock = JSON.parse(readFileSync(resolve(pyodideDir, "pyodide-lock.json"), "utf-8"));
await pyodide.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/compiled");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(outDir) }, "/compiled");
pyodide.globals.set("spec_json", readFileSync(specFile, "utf-8"));
pyodide.globals.set("compile_code", COMPILE);
// Run it so that a failure comes back as its Python traceback, not as the interpreter's own source.
const result = pyodide.runPython(`
import traceback
try:
    exec(compile(compile_code, "<compile_in_pyodide>", "exec"))
except BaseException:
    summary = "FAILED\\n" + traceback.format_exc()
summary
`);
if (result.startsWith("FAILED")) {
  console.error(result);
  process.exit(1);
}
console.log(result);
