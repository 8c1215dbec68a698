// ys_onnx: the protobuf wire format against hand-computed bytes, a model written and parsed back, metadata as
// Ultralytics writes and reads it (Python literals), half precision, and damaged files as errors.
#include "onnx/metadata.h"
#include "onnx/model.h"
#include "onnx/proto.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>

using namespace ys::onnx;

class TestOnnx : public QObject {
    Q_OBJECT
private slots:
    void wireFormatBytes()
    {
        ProtoWriter w;
        w.varint(1, 150);                 // the protobuf documentation's example: 08 96 01
        w.bytes(2, "testing");            // 12 07 74 65 73 74 69 6e 67
        w.int64(3, -1);                   // negative int64: ten bytes
        w.float32(4, 1.0f);               // 25 00 00 80 3f
        const std::string b = w.data();
        const std::string expect = std::string("\x08\x96\x01", 3) + "\x12\x07testing" + "\x18" +
                                   std::string(9, '\xff') + "\x01" + std::string("\x25\x00\x00\x80\x3f", 5);
        QCOMPARE(QByteArray::fromStdString(b).toHex(), QByteArray::fromStdString(expect).toHex());

        ProtoReader r(b);
        QVERIFY(r.next());
        QCOMPARE(r.field(), 1);
        QCOMPARE(r.varint(), uint64_t(150));
        QVERIFY(r.next());
        QCOMPARE(std::string(r.bytes()), std::string("testing"));
        QVERIFY(r.next());
        QCOMPARE(static_cast<int64_t>(r.varint()), int64_t(-1));
        QVERIFY(r.next());
        QCOMPARE(r.float32(), 1.0f);
        QVERIFY(!r.next());
        QVERIFY(r.ok());
    }

    void truncatedInputIsAnError()
    {
        ProtoWriter w;
        w.bytes(7, std::string(100, 'x'));
        const std::string b = w.data().substr(0, 50);
        ProtoReader r(b);
        QVERIFY(!r.next());
        QVERIFY(!r.ok());
        QVERIFY(r.error().find("past the end") != std::string::npos);

        auto m = parseModel(b, "x.onnx");
        QVERIFY(!m);
        QCOMPARE(m.error().code, std::string("onnx.malformed"));
        QCOMPARE(m.error().file, std::string("x.onnx"));
        QVERIFY(!parseModel("", "e.onnx"));
        QVERIFY(!parseModel("\xff\xff\xff", "f.onnx"));
        QCOMPARE(readModel("/nonexistent/a.onnx").error().code, std::string("onnx.unreadable"));
    }

    void modelRoundTrip()
    {
        Model m;
        m.opset = 13;
        m.irVersion = irVersionForOpset(13);
        m.producerName = "YOLO Studio";
        m.producerVersion = "0.1.0";
        m.graph.name = "main_graph";
        GraphBuilder b(m.graph);
        b.push("model.0");
        const std::string w = b.floats("model.0.conv.weight", {2, 1, 1, 1}, {0.5f, -2.0f});
        const std::string shape = b.int64s("shape", {3}, {0, 2, -1});
        const std::string y = b.op("Conv", {"images", w}, {intsAttr("kernel_shape", {1, 1}), intAttr("group", 1)});
        const std::string z = b.op("Reshape", {y, shape});
        const std::string s = b.op("Mul", {z, b.scalar(0.5f)});
        b.renameOutput(s, "output0");
        b.pop();
        QCOMPARE(m.graph.nodes[0].name, std::string("/model.0/Conv"));
        QCOMPARE(m.graph.nodes[0].outputs[0], std::string("/model.0/Conv_output_0"));
        m.graph.inputs.push_back({"images", ElemType::Float, {{1, ""}, {1, ""}, {-1, "height"}, {4, ""}}});
        m.graph.outputs.push_back({"output0", ElemType::Float, {{1, ""}, {2, ""}, {-1, "anchors"}}});
        m.metadata = {{"stride", "32"}, {"names", "{0: 'a', 1: 'b'}"}};

        auto back = parseModel(serialize(m));
        QVERIFY2(back.ok(), back ? "" : back.error().message.c_str());
        QCOMPARE(back->opset, int64_t(13));
        QCOMPARE(back->irVersion, int64_t(7));
        QCOMPARE(back->producerName, std::string("YOLO Studio"));
        QCOMPARE(back->graph.nodes.size(), size_t(3));
        QCOMPARE(back->graph.nodes[2].outputs[0], std::string("output0"));
        QCOMPARE(back->graph.nodes[0].attribute("kernel_shape")->ints, (std::vector<int64_t>{1, 1}));
        QCOMPARE(back->graph.nodes[0].attribute("group")->i, int64_t(1));
        QCOMPARE(back->graph.initializers.size(), size_t(3));
        QCOMPARE(back->graph.initializers[0].floats(), (std::vector<float>{0.5f, -2.0f}));
        QCOMPARE(back->graph.initializers[1].int64s(), (std::vector<int64_t>{0, 2, -1}));
        QCOMPARE(back->graph.initializers[2].dims.size(), size_t(0));   // a scalar
        QCOMPARE(back->graph.inputs[0].shapeText(), std::string("[1, 1, height, 4]"));
        QCOMPARE(back->graph.outputs[0].shapeText(), std::string("[1, 2, anchors]"));
        QCOMPARE(*back->meta("names"), std::string("{0: 'a', 1: 'b'}"));
        QVERIFY(!back->meta("absent"));
    }

    void uniqueNames()
    {
        Graph g;
        GraphBuilder b(g);
        b.push("m");
        b.op("Sigmoid", {"x"});
        b.op("Sigmoid", {"x"});
        QCOMPARE(g.nodes[1].name, std::string("/m/Sigmoid_1"));
        QCOMPARE(b.floats("w", {1}, {1}), std::string("w"));
        QCOMPARE(b.floats("w", {1}, {1}), std::string("w_1"));
        QCOMPARE(b.scope('.'), std::string("m"));
    }

    void irVersions()
    {
        QCOMPARE(irVersionForOpset(11), int64_t(6));
        QCOMPARE(irVersionForOpset(12), int64_t(7));
        QCOMPARE(irVersionForOpset(14), int64_t(7));
        QCOMPARE(irVersionForOpset(15), int64_t(8));
        QCOMPARE(irVersionForOpset(17), int64_t(8));
    }

    void halfPrecision()
    {
        QCOMPARE(floatToHalf(1.0f), uint16_t(0x3c00));
        QCOMPARE(floatToHalf(-2.0f), uint16_t(0xc000));
        QCOMPARE(floatToHalf(65504.0f), uint16_t(0x7bff));
        QCOMPARE(floatToHalf(1e6f), uint16_t(0x7c00));                     // overflow: inf
        QCOMPARE(floatToHalf(std::ldexp(1.0f, -24)), uint16_t(0x0001));    // smallest subnormal
        QCOMPARE(floatToHalf(1.0f + std::ldexp(1.0f, -11)), uint16_t(0x3c00));   // a tie rounds to even
        QCOMPARE(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)), uint16_t(0x3c02));
        QVERIFY(std::isnan(halfToFloat(floatToHalf(std::numeric_limits<float>::quiet_NaN()))));
        for (float f : {0.0f, 0.5f, 0.1f, -3.14159f, 1000.25f, 6.1e-5f, 1e-7f}) {
            const float back = halfToFloat(floatToHalf(f));
            QVERIFY2(std::fabs(back - f) <= std::max(std::fabs(f) * 1e-3f, 6e-8f), std::to_string(f).c_str());
        }
        Graph g;
        GraphBuilder b(g, ElemType::Float16);
        b.floats("w", {2}, {1.0f, 0.5f});
        b.floats("scales", {1}, {2.0f}, ElemType::Float);
        QCOMPARE(g.initializers[0].type, ElemType::Float16);
        QCOMPARE(g.initializers[0].raw.size(), size_t(4));
        QCOMPARE(g.initializers[0].floats(), (std::vector<float>{1.0f, 0.5f}));
        QCOMPARE(g.initializers[1].type, ElemType::Float);
    }

    void pythonLiterals()
    {
        QCOMPARE(pythonRepr("person"), std::string("'person'"));
        QCOMPARE(pythonRepr("it's"), std::string("\"it's\""));
        QCOMPARE(pythonRepr("a'b\"c"), std::string("'a\\'b\"c'"));
        QCOMPARE(pythonRepr("back\\slash\nnew"), std::string("'back\\\\slash\\nnew'"));
        QCOMPARE(pythonRepr("行人"), std::string("'行人'"));
        QCOMPARE(pythonNamesDict({"person", "car"}), std::string("{0: 'person', 1: 'car'}"));

        const std::vector<std::string> hostile{"it's", "a'b\"c", "tab\there", "行人", "x\\y", "", "{0: 'z'}", "%2"};
        auto back = parsePythonNamesDict(pythonNamesDict(hostile));
        QVERIFY2(back.ok(), back ? "" : back.error().message.c_str());
        QCOMPARE(*back, hostile);
        // As other writers spell it: double quotes, \x and \u escapes, keys out of order.
        auto other = parsePythonNamesDict("{1: \"b\", 0: 'caf\\xe9', 2: '\\u884c'}");
        QVERIFY(other.ok());
        QCOMPARE(*other, (std::vector<std::string>{"café", "b", "行"}));

        for (const char* bad : {"[0, 1]", "{0: 'a', 0: 'b'}", "{0: 'a', 2: 'c'}", "{0: 'a'", "{0: a}", "{0: 'a'} x"}) {
            auto r = parsePythonNamesDict(bad);
            QVERIFY2(!r.ok(), bad);
            QCOMPARE(r.error().code, std::string("onnx.metadata"));
        }
    }

    void metadataAsUltralyticsWritesIt()
    {
        DetectorMetadata m;
        m.description = "YOLO Studio YOLOv8n model trained on demo/data.yaml";
        m.date = "2025-01-02T03:04:05.000006";
        m.version = "0.1.0";
        m.stride = 32;
        m.batch = 2;
        m.imgsz = {480, 640};
        m.names = {"circle", "square"};
        m.args = {{"batch", "2"}, {"half", "False"}, {"opset", "12"}};
        const auto props = toMetadataProps(m);
        std::vector<std::string> keys;
        for (const auto& [k, v] : props)
            keys.push_back(k);
        QCOMPARE(keys, (std::vector<std::string>{"description", "author", "date", "version", "stride", "task", "batch",
                                                 "imgsz", "names", "args", "channels"}));
        auto value = [&](const std::string& key) {
            for (const auto& [k, v] : props)
                if (k == key)
                    return v;
            return std::string();
        };
        QCOMPARE(value("imgsz"), std::string("[480, 640]"));
        QCOMPARE(value("names"), std::string("{0: 'circle', 1: 'square'}"));
        QCOMPARE(value("args"), std::string("{'batch': 2, 'half': False, 'opset': 12}"));
        QCOMPARE(value("task"), std::string("detect"));

        auto back = fromMetadataProps(props);
        QVERIFY(back.ok());
        QCOMPARE(back->names, m.names);
        QCOMPARE(back->imgsz[0], 480);
        QCOMPARE(back->imgsz[1], 640);
        QCOMPARE(back->batch, 2);
        QCOMPARE(back->stride, 32);
        // Ultralytics' older files: only stride and names.
        auto old = fromMetadataProps({{"stride", "32"}, {"names", "{0: 'person'}"}});
        QVERIFY(old.ok());
        QCOMPARE(old->names.size(), size_t(1));
        QVERIFY(!fromMetadataProps({{"stride", "x"}}).ok());
        QVERIFY(!fromMetadataProps({{"imgsz", "[640, x]"}}).ok());
    }
};

QTEST_APPLESS_MAIN(TestOnnx)
#include "test_onnx.moc"
