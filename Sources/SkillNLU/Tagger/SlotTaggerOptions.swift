import Foundation

/// Settings of the slot tagger's training.
public struct SlotTaggerOptions: Sendable, Codable, Equatable {
    /// Passes over the training data; with ``averagedEpochs`` nil, the most the model's
    /// training takes (it takes fewer when there are many examples).
    public var epochs: Int = 10
    /// Initial SGD step; it decays as 1 / (1 + epoch).
    public var learningRate: Float = 0.1
    /// L2 regularisation per example.
    public var l2: Float = 1e-5
    /// Weights smaller than this are dropped when training ends: the small weights change
    /// hardly any decoding, and dropping them keeps a fraction of the model's size.
    public var pruneBelow: Float = 0.1
    public var seed: UInt64 = 7
    /// Whether the tagger learns ``TypeAgreement`` weights: one trust, shared by every slot,
    /// in a listed or parsed value of the slot's own type. nil decides from the model's size
    /// (``NLUModel/recommendedTypeAgreement(largestIntentSamples:)``); a trained model stores
    /// the choice made (nil in files from before this option, whose taggers have no such
    /// weights).
    public var typeAgreement: Bool?
    /// Whether slots named as a role and a kind of value, with values that agree, share weights
    /// per role and per kind (``SlotNameGrid``). nil (the default) and true: yes; false: each
    /// label learns alone. A trained model stores the choice made (nil in files from before
    /// this option, whose taggers shared nothing). Training only: the shared weights are folded
    /// into the labels' own, so decoding is the same either way.
    public var nameGrid: Bool?
    /// How many of the last epochs the kept weights are the mean of (averaged SGD): the mean
    /// of the weights after each of their steps rather than the last step's; 0: none. nil (the
    /// default): ``NLUModel``'s training chooses the epochs and the averaging from the number
    /// of examples (`NLUModel.recommendedTaggerSchedule`), and a trained model stores the
    /// choice. Training only.
    public var averagedEpochs: Int?
    /// The word clusters whose numbers the tagger reads as attributes (``WordClusters``): a
    /// shipped table's name such as "en" (the model's language), "auto" (the locale's clusters
    /// when some are shipped), or "none". nil: none, and a model file without the field was
    /// trained without them. A trained model stores the choice made ("none" where "auto" found
    /// no clusters for its locale) and names the clusters in its file.
    public var wordClusters: String?

    public init() {}
}

extension SlotTaggerOptions {
    /// Decodes options stored in a model file; a field the file lacks (one added after the
    /// file was written) takes its default, so older model files still load.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = SlotTaggerOptions()
        epochs = try c.decode(.epochs, or: d.epochs)
        learningRate = try c.decode(.learningRate, or: d.learningRate)
        l2 = try c.decode(.l2, or: d.l2)
        pruneBelow = try c.decode(.pruneBelow, or: d.pruneBelow)
        seed = try c.decode(.seed, or: d.seed)
        typeAgreement = try c.decodeIfPresent(Bool.self, forKey: .typeAgreement)
        nameGrid = try c.decodeIfPresent(Bool.self, forKey: .nameGrid)
        averagedEpochs = try c.decodeIfPresent(Int.self, forKey: .averagedEpochs)
        wordClusters = try c.decodeIfPresent(String.self, forKey: .wordClusters)
    }
}
