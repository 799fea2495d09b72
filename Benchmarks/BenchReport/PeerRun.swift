/// One `peers.py` run: every peer engine on one data set and interaction model, with when, where
/// and on what training data it ran.
public struct PeerRun: Sendable, Equatable, Decodable {
    public struct Machine: Sendable, Equatable, Decodable {
        public var platform: String?
        public var cpu: String?
        public var cores: Int?
        public var python: String?
        public init(platform: String? = nil, cpu: String? = nil, cores: Int? = nil, python: String? = nil) {
            self.platform = platform
            self.cpu = cpu
            self.cores = cores
            self.python = python
        }
    }

    public struct TrainingData: Sendable, Equatable, Decodable {
        /// `jsonl` (a file, normally our exported utterances) or `generated` (peers.py's own).
        public var source: String
        /// The command that made the jsonl file.
        public var origin: String?
        public var utterances: Int?
        public var sha256: String?
        public init(source: String, origin: String? = nil, utterances: Int? = nil, sha256: String? = nil) {
            self.source = source
            self.origin = origin
            self.utterances = utterances
            self.sha256 = sha256
        }
    }

    public var dataset: String
    public var model: String
    public var date: String?
    public var command: String?
    public var machine: Machine?
    public var trainingData: TrainingData?
    public var bestIntentEngine: String?
    public var rows: [PeerRow]

    public init(dataset: String, model: String, date: String? = nil, command: String? = nil,
                machine: Machine? = nil, trainingData: TrainingData? = nil, bestIntentEngine: String? = nil,
                rows: [PeerRow]) {
        self.dataset = dataset
        self.model = model
        self.date = date
        self.command = command
        self.machine = machine
        self.trainingData = trainingData
        self.bestIntentEngine = bestIntentEngine
        self.rows = rows
    }

    enum CodingKeys: String, CodingKey {
        case dataset, model, date, command, machine
        case trainingData = "training_data", bestIntentEngine = "best_intent_engine", rows = "peers"
    }
}
