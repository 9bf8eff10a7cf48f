// Compile Python modules to bytecode with Pyodide's own interpreter (in Node), for tools/build_site.py: the
// browser then imports them without compiling each first (compiling IPython alone takes seconds there).
//
//   node tools/compile_in_pyodide.mjs PYODIDE_DIR OUT_DIR SPEC_JSON
//
// PYODIDE_DIR holds the interpreter, the site's lock and its wheels. SPEC_JSON is
// {"imports": [module, ...], "packages": [package, ...]}: every package of the lock is loaded, the modules of
// "imports" are imported, and each module then imported from site-packages is compiled, as is every .py file of
// the "packages" folders. The bytecode goes to OUT_DIR under the file's path in site-packages, as NAME.pyc
// ("unchecked-hash" files: the interpreter takes them without comparing dates, which unpacking a wheel changes),
// and OUT_DIR/compiled.json lists those paths and the interpreter's cache tag.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

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
try {
  const summary = pyodide.runPython(`
import importlib, json, pathlib, py_compile, sys, sysconfig

spec = json.loads(spec_json)
site = pathlib.Path("/" + sysconfig.get_path("purelib").lstrip("/"))
for name in spec["imports"]:
    importlib.import_module(name)
sources = {pathlib.Path(m.__file__) for m in list(sys.modules.values()) if getattr(m, "__file__", None)}
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
manifest = {"cache_tag": sys.implementation.cache_tag, "compiled": compiled}
pathlib.Path("/compiled/compiled.json").write_text(json.dumps(manifest, indent=1))
f"{len(compiled)} modules compiled ({sys.implementation.cache_tag})"
`);
  console.log(summary);
} catch (error) {
  console.error(String(error.message).slice(-3000));  // the Python traceback, not the interpreter's own source
  process.exit(1);
}
