import ContractModel
import ReferenceDecoder
import WidgetSnapshot

/// `schemas/decoded-view.fields.schema.json`: the JSON Schema of every view field outside the
/// base's typed part, written from the contract description (never by hand: `contract-harness
/// schemas --write`; `ViewFieldsSchemaTests` fails when the file is not what this writes).
/// `decoded-view.schema.json` refers to its `$defs`: `members` and `rowMembers` say what each
/// field may hold wherever a line has it (a testee or a recording may leave it out),
/// `complete` that a golden/expected line has all of those of the features the reference
/// implements (`rd_contract_features()`; another feature's fields are pending for every reader).
package enum ViewFieldsSchema {
    /// Its path under the tree's root.
    package static let path = "schemas/decoded-view.fields.schema.json"

    /// The file's bytes (indented, with a final newline).
    package static func bytes(_ description: ContractDescription = .current,
                              reference: FeatureSet = .declared(String(cString: rd_contract_features()))) -> [UInt8] {
        var defs = JSONObject()
        defs["members"] = .object(properties(description.addedMembers))
        defs["rowMembers"] = .object(properties(description.addedRowMembers))
        var rows = JSONObject()
        rows["required"] = .array(description.addedRowMembers.filter { reference.contains($0.feature) }.map { .string(JSONString($0.name)) })
        var complete = JSONObject()
        complete["description"] = .string("A golden/expected line: every field of the features the reference implements present, in every row too.")
        complete["required"] = .array(description.addedMembers.filter { reference.contains($0.feature) }.map { .string(JSONString($0.name)) })
        complete["properties"] = .object(JSONObject(["parse": .object(JSONObject(["properties": .object(JSONObject([
            "tasks": .object(JSONObject(["items": .object(rows)])),
        ]))]))]))
        defs["complete"] = .object(complete)
        defs["error"] = .object(JSONObject([
            "description": .string("A question that failed; the reason is informational and never compared."),
            "type": .string("object"), "required": .array([.string("error")]), "additionalProperties": .bool(false),
            "properties": .object(JSONObject(["error": .object(JSONObject(["type": .string("string")]))])),
        ]))
        var top = JSONObject()
        top["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        top["title"] = .string("The view fields outside the base's typed part")
        let features = description.features.map(\.name).joined(separator: ", ")
        top["description"] = .string(JSONString("Written by `contract-harness golden schemas --write` from schemas/contract.json (features "
            + features + "); do not edit. decoded-view.schema.json refers to these $defs."))
        top["$defs"] = .object(defs)
        return PrettyJSON.bytes(.object(top)) + [UInt8(ascii: "\n")]
    }

    private static func properties(_ members: [ViewMember]) -> JSONObject {
        var properties = JSONObject()
        for member in members { properties[member.name] = schema(member) }
        return JSONObject(["properties": .object(properties)])
    }

    private static func schema(_ member: ViewMember) -> JSONValue {
        var value = schema(member.type)
        var alternatives: [JSONValue] = []
        if member.nullable { alternatives.append(.object(JSONObject(["type": .string("null")]))) }
        if member.orError { alternatives.append(.object(JSONObject(["$ref": .string("#/$defs/error")]))) }
        if !alternatives.isEmpty { value = .object(JSONObject(["anyOf": .array([value] + alternatives)])) }
        guard let note = member.note, case .object(var object) = value else { return value }
        object["description"] = .string(JSONString(note))
        return .object(object)
    }

    private static func schema(_ type: ViewType) -> JSONValue {
        switch type {
        case .text: return .object(JSONObject(["type": .string("string")]))
        case .int: return .object(JSONObject(["$ref": .string("case.schema.json#/$defs/int64")]))
        case .bool: return .object(JSONObject(["type": .string("boolean")]))
        case .enumeration(let values): return .object(JSONObject(["enum": .array(values.map { .string(JSONString($0)) })]))
        case .list(let element): return .object(JSONObject(["type": .string("array"), "items": schema(element)]))
        case .object(let members):
            var properties = JSONObject()
            for member in members { properties[member.name] = schema(member) }
            return .object(JSONObject([
                "type": .string("object"), "required": .array(members.map { .string(JSONString($0.name)) }),
                "additionalProperties": .bool(false), "properties": .object(properties),
            ]))
        }
    }
}
