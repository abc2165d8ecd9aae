//! What the ladders share (`mahjong_ladder`, `defi --ladder`): means with their 95 %
//! intervals, and Elo-like ratings fitted to seat-against-seat results.
//!
//! The rating is a Bradley–Terry model fitted by maximum likelihood (minorization–
//! maximization iterations) to the wins and losses between each pair of players, with half
//! a game won and half lost added to each pair that met so that a player that never loses
//! still gets a finite rating, on the Elo scale (400 × log10 of the strength, 1500 for the
//! geometric mean). A batch fit rather than TrueSkill: a ladder knows every result at once,
//! a fixed handful of bots plays thousands of games, and the maximum-likelihood fit is the
//! same whatever the order the cores finished the games in, where TrueSkill's updates
//! follow the order of the games and are made for many players with few games.

/// The tables of a ladder of `bots` bots, as (lone bot, field) index pairs: every ordered
/// pair of two different bots, or with an anchor only each other bot alone against it.
///
/// ```
/// use examples::ladder::tables;
/// assert_eq!(tables(3, None), [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]);
/// assert_eq!(tables(3, Some(1)), [(0, 1), (2, 1)]);
/// ```
pub fn tables(bots: usize, anchor: Option<usize>) -> Vec<(usize, usize)> {
    match anchor {
        None => (0..bots)
            .flat_map(|a| (0..bots).filter(move |&b| b != a).map(move |b| (a, b)))
            .collect(),
        Some(b) => (0..bots).filter(|&a| a != b).map(|a| (a, b)).collect(),
    }
}

/// A mean and the half-width of its 95 % interval, from independent samples.
pub fn mean_ci(samples: &[f64]) -> (f64, f64) {
    let n = samples.len() as f64;
    if samples.is_empty() {
        return (0.0, 0.0);
    }
    let mean = samples.iter().sum::<f64>() / n;
    if samples.len() < 2 {
        return (mean, f64::INFINITY);
    }
    let var = samples.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Bradley–Terry strengths fitted to `wins[i][j]` (games or rounds `i` won against `j`,
/// halves for ties), with half a game each way added to every pair that met, as Elo-like
/// ratings (1500 for the geometric mean).
pub fn ratings(wins: &[Vec<f64>]) -> Vec<f64> {
    let m = wins.len();
    let mut w = wins.to_vec();
    for i in 0..m {
        for j in 0..m {
            if i != j && (wins[i][j] + wins[j][i]) > 0.0 {
                w[i][j] += 0.5;
            }
        }
    }
    let mut p = vec![1.0f64; m];
    for _ in 0..1000 {
        let mut next = p.clone();
        for i in 0..m {
            let won: f64 = w[i].iter().sum();
            let denom: f64 = (0..m)
                .filter(|&j| j != i)
                .map(|j| (w[i][j] + w[j][i]) / (p[i] + p[j]))
                .sum();
            if denom > 0.0 && won > 0.0 {
                next[i] = won / denom;
            }
        }
        let g = next.iter().map(|x| x.ln()).sum::<f64>() / m as f64;
        for x in &mut next {
            *x = (x.ln() - g).exp();
        }
        let change = next
            .iter()
            .zip(&p)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p.iter().map(|x| 1500.0 + 400.0 * x.log10()).collect()
}
