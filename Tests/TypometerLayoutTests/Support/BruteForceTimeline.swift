import TypometerLayout

/// The timeline's lane rule written out plainly, each item trying every lane from the
/// lowest (the search TimelineLayout made before its lanes were kept in heaps): the
/// reference the layout must agree with.
enum BruteForceTimeline {
    static func frames(of items: [TimelineItem], scale: Double, minimumItemHeight: Double,
                       laneSpacing: Double, containerWidth: Double) -> [LayoutFrame] {
        let tops = items.map { $0.start * scale }
        let bottoms = items.indices.map { tops[$0] + max(items[$0].duration * scale, minimumItemHeight) }
        let order = items.indices.sorted { tops[$0] < tops[$1] || (tops[$0] == tops[$1] && $0 < $1) }
        func overlaps(_ earlier: Int, _ later: Int) -> Bool {
            tops[later] < bottoms[earlier] || tops[later] == tops[earlier]
        }
        var lanes = [Int](repeating: 0, count: items.count)
        var laneCounts = [Int](repeating: 1, count: items.count)
        var laneLast: [Int] = []          // each lane's last item
        var cluster: [Int] = []
        var clusterBottom = -Double.infinity
        for item in order {
            if let last = cluster.last, !(tops[item] < clusterBottom || tops[item] == tops[last]) {
                for member in cluster { laneCounts[member] = laneLast.count }
                cluster = []
                laneLast = []
                clusterBottom = -Double.infinity
            }
            let lane = laneLast.firstIndex { !overlaps($0, item) } ?? laneLast.count
            if lane == laneLast.count { laneLast.append(item) } else { laneLast[lane] = item }
            lanes[item] = lane
            cluster.append(item)
            clusterBottom = max(clusterBottom, bottoms[item])
        }
        for member in cluster { laneCounts[member] = laneLast.count }
        return items.indices.map { item in
            let count = Double(laneCounts[item])
            let width = max(0, (containerWidth - laneSpacing * (count - 1)) / count)
            return LayoutFrame(x: Double(lanes[item]) * (width + laneSpacing), y: tops[item], width: width,
                               height: bottoms[item] - tops[item])
        }
    }
}
