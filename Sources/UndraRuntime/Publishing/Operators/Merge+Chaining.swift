#if !canImport(Combine) || UNDRA_COMBINE_MODULE
// A merge merged with more upstreams is one wider merge, as in Combine:
// `a.merge(with: b).merge(with: c)` is a `Merge3`, not a merge of a merge.

extension Publishers.Merge {
    /// This merge with another upstream: one `Merge3`.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge3<A, B, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge3(a, b, other)
    }

    /// This merge with two more upstreams: one `Merge4`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge4<A, B, Z, Y>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure {
        Publishers.Merge4(a, b, z, y)
    }

    /// This merge with three more upstreams: one `Merge5`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(
        with z: Z, _ y: Y, _ x: X
    ) -> Publishers.Merge5<A, B, Z, Y, X>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure {
        Publishers.Merge5(a, b, z, y, x)
    }

    /// This merge with four more upstreams: one `Merge6`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(
        with z: Z, _ y: Y, _ x: X, _ w: W
    ) -> Publishers.Merge6<A, B, Z, Y, X, W>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure,
          W.Output == Output, W.Failure == Failure {
        Publishers.Merge6(a, b, z, y, x, w)
    }

    /// This merge with five more upstreams: one `Merge7`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
        with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
    ) -> Publishers.Merge7<A, B, Z, Y, X, W, V>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure,
          W.Output == Output, W.Failure == Failure,
          V.Output == Output, V.Failure == Failure {
        Publishers.Merge7(a, b, z, y, x, w, v)
    }

    /// This merge with six more upstreams: one `Merge8`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, U: Publisher>(
        with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V, _ u: U
    ) -> Publishers.Merge8<A, B, Z, Y, X, W, V, U>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure,
          W.Output == Output, W.Failure == Failure,
          V.Output == Output, V.Failure == Failure,
          U.Output == Output, U.Failure == Failure {
        Publishers.Merge8(a, b, z, y, x, w, v, u)
    }
}

extension Publishers.Merge3 {
    /// This merge with another upstream: one `Merge4`.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge4<A, B, C, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge4(a, b, c, other)
    }

    /// This merge with two more upstreams: one `Merge5`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge5<A, B, C, Z, Y>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure {
        Publishers.Merge5(a, b, c, z, y)
    }

    /// This merge with three more upstreams: one `Merge6`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(
        with z: Z, _ y: Y, _ x: X
    ) -> Publishers.Merge6<A, B, C, Z, Y, X>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure {
        Publishers.Merge6(a, b, c, z, y, x)
    }

    /// This merge with four more upstreams: one `Merge7`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(
        with z: Z, _ y: Y, _ x: X, _ w: W
    ) -> Publishers.Merge7<A, B, C, Z, Y, X, W>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure,
          W.Output == Output, W.Failure == Failure {
        Publishers.Merge7(a, b, c, z, y, x, w)
    }

    /// This merge with five more upstreams: one `Merge8`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
        with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
    ) -> Publishers.Merge8<A, B, C, Z, Y, X, W, V>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure,
          W.Output == Output, W.Failure == Failure,
          V.Output == Output, V.Failure == Failure {
        Publishers.Merge8(a, b, c, z, y, x, w, v)
    }
}

extension Publishers.Merge4 {
    /// This merge with another upstream: one `Merge5`.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge5<A, B, C, D, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge5(a, b, c, d, other)
    }

    /// This merge with two more upstreams: one `Merge6`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge6<A, B, C, D, Z, Y>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure {
        Publishers.Merge6(a, b, c, d, z, y)
    }

    /// This merge with three more upstreams: one `Merge7`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(
        with z: Z, _ y: Y, _ x: X
    ) -> Publishers.Merge7<A, B, C, D, Z, Y, X>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure {
        Publishers.Merge7(a, b, c, d, z, y, x)
    }

    /// This merge with four more upstreams: one `Merge8`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(
        with z: Z, _ y: Y, _ x: X, _ w: W
    ) -> Publishers.Merge8<A, B, C, D, Z, Y, X, W>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure,
          W.Output == Output, W.Failure == Failure {
        Publishers.Merge8(a, b, c, d, z, y, x, w)
    }
}

extension Publishers.Merge5 {
    /// This merge with another upstream: one `Merge6`.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge6<A, B, C, D, E, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge6(a, b, c, d, e, other)
    }

    /// This merge with two more upstreams: one `Merge7`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge7<A, B, C, D, E, Z, Y>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure {
        Publishers.Merge7(a, b, c, d, e, z, y)
    }

    /// This merge with three more upstreams: one `Merge8`.
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(
        with z: Z, _ y: Y, _ x: X
    ) -> Publishers.Merge8<A, B, C, D, E, Z, Y, X>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure,
          X.Output == Output, X.Failure == Failure {
        Publishers.Merge8(a, b, c, d, e, z, y, x)
    }
}

extension Publishers.Merge6 {
    /// This merge with another upstream: one `Merge7`.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge7<A, B, C, D, E, F, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge7(a, b, c, d, e, f, other)
    }

    /// This merge with two more upstreams: one `Merge8`.
    public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge8<A, B, C, D, E, F, Z, Y>
    where Z.Output == Output, Z.Failure == Failure,
          Y.Output == Output, Y.Failure == Failure {
        Publishers.Merge8(a, b, c, d, e, f, z, y)
    }
}

extension Publishers.Merge7 {
    /// This merge with another upstream: one `Merge8`.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge8<A, B, C, D, E, F, G, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge8(a, b, c, d, e, f, g, other)
    }
}
#endif
