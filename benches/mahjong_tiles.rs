//! Notation parsing and printing throughput of `mahjong-tiles`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mahjong_tiles::{TileSet, Tiles};

fn notation(c: &mut Criterion) {
    let all: Tiles = TileSet::Full.to_vec().into();
    let text = all.to_string();
    let mut group = c.benchmark_group("mahjong_tiles/notation");
    group.throughput(Throughput::Elements(all.len() as u64));
    group.bench_function("parse_144", |b| {
        b.iter(|| black_box(&text).parse::<Tiles>().expect("valid"))
    });
    group.bench_function("print_144", |b| b.iter(|| black_box(&all).to_string()));
    group.finish();
}

criterion_group!(benches, notation);
criterion_main!(benches);
