//! Builds the vendored tdoku solver (`tdoku/`, BSD-2-Clause, see `tdoku/README.md`) into a
//! static library for the benches' side-by-side comparisons.

fn main() {
    let sources = ["tdoku/solver_dpll_triad_simd.cc", "tdoku/util.cc"];
    for path in sources.iter().chain(&[
        "tdoku/simd_vectors.h",
        "tdoku/bitutil.h",
        "tdoku/util.h",
        "tdoku/tdoku.h",
    ]) {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=CXX");
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .files(sources)
        .include("tdoku")
        .opt_level(3)
        .flag_if_supported("-std=c++17")
        .flag_if_supported("-march=native")
        .flag_if_supported("-Wno-unused-parameter")
        .warnings(false);
    if let Err(e) = build.try_compile("tdoku") {
        panic!(
            "\n\nbenches: cannot build the vendored tdoku solver (tdoku/*.cc): no working C++17 \
             compiler was found or it failed.\nInstall g++ or clang++ (or point the CXX \
             environment variable at one).\nThe compiler said: {e}\n\n"
        );
    }
}
