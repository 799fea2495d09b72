import Foundation
import InteractionModel
import SkillNLU

extension JSONText {
    /// The `IntentRequest` envelope a skill endpoint receives for this result, in Alexa's
    /// shape: `version`, `session`, `context.System`, and `request` with `type`, `requestId`,
    /// `timestamp`, `locale`, `dialogState` (when the intent has a dialog model) and `intent`.
    /// Every slot the intent declares is present (an intent without slots has no `slots`);
    /// a filled one carries `value`, `source`, `resolutions` (when resolved) and `slotValue`
    /// (`Simple`); a multiple-value slot carries only `slotValue` of type `List`, as Alexa
    /// sends it. The result must have an intent.
    public mutating func alexaRequest(_ r: NLUResult, model: NLUModel, timestamp: Date) {
        let skillId = "amzn1.ask.skill.local"
        let userId = "amzn1.ask.account.local"
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        object { o in
            o.key("version") { $0.string("1.0") }
            o.key("session") { j in
                j.object { s in
                    s.key("new") { $0.raw("true") }
                    s.key("sessionId") { $0.string("amzn1.echo-api.session.local") }
                    s.key("application") { $0.object { a in a.key("applicationId") { $0.string(skillId) } } }
                    s.key("attributes") { $0.raw("{}") }
                    s.key("user") { $0.object { u in u.key("userId") { $0.string(userId) } } }
                }
            }
            o.key("context") { j in
                j.object { c in
                    c.key("System") { j in
                        j.object { s in
                            s.key("application") { $0.object { a in a.key("applicationId") { $0.string(skillId) } } }
                            s.key("user") { $0.object { u in u.key("userId") { $0.string(userId) } } }
                            s.key("device") { $0.object { d in
                                d.key("deviceId") { $0.string("amzn1.ask.device.local") }
                                d.key("supportedInterfaces") { $0.raw("{}") }
                            } }
                            s.key("apiEndpoint") { $0.string("https://api.amazonalexa.com") }
                        }
                    }
                }
            }
            o.key("request") { j in
                j.object { q in
                    q.key("type") { $0.string("IntentRequest") }
                    q.key("requestId") { $0.string("amzn1.echo-api.request." + UUID().uuidString.lowercased()) }
                    q.key("timestamp") { $0.string(formatter.string(from: timestamp)) }
                    q.key("locale") { $0.string(model.interactionModel.locale) }
                    guard let intent = r.intent else { return }
                    if model.interactionModel.dialog?.intent(named: intent.name) != nil {
                        q.key("dialogState") { $0.string("STARTED") }
                    }
                    q.key("intent") { j in
                        j.object { i in
                            i.key("name") { $0.string(intent.name) }
                            i.key("confirmationStatus") { $0.string("NONE") }
                            let declared = model.interactionModel.intent(named: intent.name)?.slots ?? []
                            guard !declared.isEmpty else { return }
                            i.key("slots") { j in
                                j.object { so in
                                    for d in declared {
                                        so.key(d.name) {
                                            $0.alexaSlot(name: d.name, filled: r.slot(named: d.name), multiple: d.acceptsMultipleValues)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    mutating func alexaSlot(name: String, filled: SlotValue?, multiple: Bool) {
        object { s in
            s.key("name") { $0.string(name) }
            guard let v = filled else {
                s.key("confirmationStatus") { $0.string("NONE") }
                return
            }
            if !multiple { s.key("value") { $0.string(v.value) } }
            s.key("confirmationStatus") { $0.string("NONE") }
            s.key("source") { $0.string("USER") }
            if !multiple, let res = v.resolutions { s.key("resolutions") { $0.resolutions(res) } }
            s.key("slotValue") { j in
                j.object { sv in
                    if multiple {
                        sv.key("type") { $0.string("List") }
                        sv.key("values") { j in
                            j.array(v.values ?? [v]) { j, item in
                                j.object { e in
                                    e.key("type") { $0.string("Simple") }
                                    e.key("value") { $0.string(item.value) }
                                    if let res = item.resolutions { e.key("resolutions") { $0.resolutions(res) } }
                                }
                            }
                        }
                    } else {
                        sv.key("type") { $0.string("Simple") }
                        sv.key("value") { $0.string(v.value) }
                        if let res = v.resolutions { sv.key("resolutions") { $0.resolutions(res) } }
                    }
                }
            }
        }
    }
}
