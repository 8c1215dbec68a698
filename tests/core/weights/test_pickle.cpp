// The safe pickle reader on hand-built streams: one test per opcode family, memo sharing, the callables it
// understands (OrderedDict, set, tensors, numpy scalars, ...) and how it fails (with the byte offset).
#include "picklewriter.h"
#include "weights/pickle.h"

#include <QTest>

using namespace ys;
using namespace ys::pickle;
using ys::test::PickleWriter;

namespace {

Document read(const PickleWriter& w, const Limits& limits = {})
{
    auto doc = unpickle(w.b, "test.pt", "data.pkl", limits);
    if (!doc)
        qFatal("unexpected error: %s", doc.error().toString().c_str());
    return std::move(*doc);
}

Error readError(const PickleWriter& w, const Limits& limits = {})
{
    auto doc = unpickle(w.b, "test.pt", "data.pkl", limits);
    if (doc)
        qFatal("expected an error, got %s", doc->repr(doc->root()).c_str());
    return doc.error();
}

const Value& item(const Document& d, Ref container, size_t i)
{
    return d.at(d.at(container).items.at(i));
}

}  // namespace

class TestPickle : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void scalars()
    {
        PickleWriter w;
        w.proto().mark().none().boolean(true).boolean(false).integer(7).integer(300).integer(-5).integer(70000)
            .integer(int64_t(1) << 40).long1(std::string("\xff", 1)).long1(std::string(9, '\x01'))
            .binfloat(0.03).str("héllo").shortStr("short").bytes(std::string("\x00\xff", 2)).tuple().stop();
        const Document d = read(w);
        const Ref t = d.root();
        QCOMPARE(d.kind(t), Kind::Tuple);
        QCOMPARE(d.at(t).items.size(), size_t(14));
        QCOMPARE(item(d, t, 0).kind, Kind::None);
        QCOMPARE(item(d, t, 1).kind, Kind::Bool);
        QCOMPARE(item(d, t, 1).i, int64_t(1));
        QCOMPARE(item(d, t, 2).i, int64_t(0));
        QCOMPARE(item(d, t, 3).i, int64_t(7));
        QCOMPARE(item(d, t, 4).i, int64_t(300));
        QCOMPARE(item(d, t, 5).i, int64_t(-5));
        QCOMPARE(item(d, t, 6).i, int64_t(70000));
        QCOMPARE(item(d, t, 7).i, int64_t(1) << 40);
        QCOMPARE(item(d, t, 8).i, int64_t(-1));          // LONG1 0xff
        QCOMPARE(item(d, t, 9).kind, Kind::BigInt);      // 72 bits do not fit
        QCOMPARE(item(d, t, 10).f, 0.03);                // BINFLOAT is big-endian
        QCOMPARE(QString::fromStdString(item(d, t, 11).text), QString::fromUtf8("héllo"));
        QCOMPARE(item(d, t, 12).text, std::string("short"));
        QCOMPARE(item(d, t, 13).kind, Kind::Bytes);
        QCOMPARE(item(d, t, 13).text, std::string("\x00\xff", 2));
        QCOMPARE(d.repr(t).substr(0, 30), std::string("(None, True, False, 7, 300, -5"));
    }

    void textOpcodesOfProtocol0()
    {
        PickleWriter w;
        w.mark().raw("I42\n").raw("I01\n").raw("L-7L\n").raw("F2.5\n").raw("S'a\\'b'\n").raw("Vx\\u00e9\n")
            .op('l').raw("p0\n").raw("g0\n").tuple2().stop();
        const Document d = read(w);
        const Ref pair = d.root();
        const Ref list = d.at(pair).items[0];
        QCOMPARE(d.at(pair).items[1], list);  // PUT / GET share the list
        QCOMPARE(d.repr(list), std::string("[42, True, -7, 2.5, 'a\\'b', 'x\xc3\xa9']"));
    }

    void listsAppendAndAppends()
    {
        PickleWriter w;
        w.proto().emptyList().integer(1).append().mark().integer(2).integer(3).appends().mark().integer(4).op('l')
            .append().stop();
        const Document d = read(w);
        QCOMPARE(d.repr(d.root()), std::string("[1, 2, 3, [4]]"));
        QCOMPARE(d.at(d.root()).depth, uint16_t(2));
    }

    void tuples()
    {
        PickleWriter w;
        w.proto().emptyTuple().integer(1).tuple1().integer(1).integer(2).tuple2().integer(1).integer(2).integer(3)
            .tuple3().mark().integer(9).tuple().tuple().stop();
        // The last TUPLE has no MARK of its own left: MARK .. 9 TUPLE consumed it, so the outer TUPLE fails.
        QCOMPARE(readError(w).code, std::string("weights.pickle"));
        PickleWriter ok;
        ok.proto().mark().emptyTuple().integer(1).tuple1().integer(1).integer(2).tuple2().integer(1).integer(2)
            .integer(3).tuple3().tuple().stop();
        const Document d = read(ok);
        QCOMPARE(d.repr(d.root()), std::string("((), (1,), (1, 2), (1, 2, 3))"));
    }

    void dictsSetitemAndSetitems()
    {
        PickleWriter w;
        w.proto().emptyDict().str("a").integer(1).setitem().mark().str("b").integer(2).str("a").integer(3)
            .integer(0).str("zero").setitems().stop();
        const Document d = read(w);
        // A repeated key replaces the value in place, as a Python dict does; int keys are kept.
        QCOMPARE(d.repr(d.root()), std::string("{'a': 3, 'b': 2, 0: 'zero'}"));
        QCOMPARE(d.integer(d.get(d.root(), "a")), int64_t(3));
        bool found = true;
        d.get(d.root(), "missing", &found);
        QVERIFY(!found);
    }

    void largeDictReplacesThroughItsIndex()
    {
        PickleWriter w;
        w.proto().emptyDict().mark();
        for (int i = 0; i < 100; ++i)
            w.str("k" + std::to_string(i)).integer(i);
        w.setitems().mark().str("k5").integer(500).str("k99").integer(990).setitems().stop();
        const Document d = read(w);
        QCOMPARE(d.at(d.root()).items.size(), size_t(200));
        QCOMPARE(d.integer(d.get(d.root(), "k5")), int64_t(500));
        QCOMPARE(d.integer(d.get(d.root(), "k99")), int64_t(990));
    }

    void memoSharing()
    {
        // a = []; (a, a) then a.append(1) through a later GET: both tuple slots see it.
        PickleWriter w;
        w.proto().emptyList().put(0).get(0).tuple2().put(300).get(0).integer(1).append().op('0').get(300)
            .op(0x94).stop();
        const Document d = read(w);
        const Ref t = d.root();
        QCOMPARE(d.kind(t), Kind::Tuple);
        QCOMPARE(d.at(t).items[0], d.at(t).items[1]);
        QCOMPARE(d.repr(t), std::string("([1], [1])"));
    }

    void sharedModuleIsOneValue()
    {
        // Conv's act: one SiLU object pickled once, then BINGET everywhere (LONG_BINPUT / LONG_BINGET here).
        PickleWriter w;
        w.proto().emptyDict().str("a").global("torch.nn.modules.activation", "SiLU").emptyTuple().newobj().put(70000)
            .emptyDict().str("inplace").boolean(true).setitem().build().setitem().str("b").get(70000).setitem().stop();
        const Document d = read(w);
        const Ref a = d.get(d.root(), "a");
        QCOMPARE(d.get(d.root(), "b"), a);
        QCOMPARE(d.kind(a), Kind::Object);
        QCOMPARE(d.className(a), std::string("SiLU"));
        QCOMPARE(d.qualifiedName(a), std::string("torch.nn.modules.activation.SiLU"));
        QCOMPARE(d.integer(d.get(a, "inplace")), int64_t(1));
    }

    void orderedDictViaReduceAndSetitems()
    {
        PickleWriter w;
        w.proto().global("collections", "OrderedDict").put(1).emptyTuple().reduce().mark().str("z").integer(1)
            .str("y").integer(2).setitems().stop();
        Document d = read(w);
        QCOMPARE(d.kind(d.root()), Kind::Dict);
        QCOMPARE(d.repr(d.root()), std::string("{'z': 1, 'y': 2}"));
        // OrderedDict([(k, v), ...]) as protocol 0-1 writers produce.
        PickleWriter p;
        p.proto().global("collections", "OrderedDict").mark().str("k").integer(5).tuple2().op('l').tuple1().reduce()
            .stop();
        d = read(p);
        QCOMPARE(d.repr(d.root()), std::string("{'k': 5}"));
    }

    void unknownClassesBecomeGenericObjects()
    {
        PickleWriter w;
        w.proto().mark()
            .global("ultralytics.nn.tasks", "DetectionModel").emptyTuple().newobj().emptyDict().str("nc").integer(80)
            .setitem().build()
            .global("os", "system").str("rm -rf /").tuple1().reduce()  // never run: a generic object
            .global("collections", "defaultdict").global("builtins", "list").tuple1().reduce().str("x").integer(1)
            .setitem()
            .tuple().stop();
        const Document d = read(w);
        const Ref t = d.root();
        const Ref model = d.at(t).items[0];
        QCOMPARE(d.className(model), std::string("DetectionModel"));
        QCOMPARE(d.integer(d.get(model, "nc")), int64_t(80));
        const Ref call = d.at(t).items[1];
        QCOMPARE(d.kind(call), Kind::Object);
        QCOMPARE(d.qualifiedName(call), std::string("os.system"));
        QCOMPARE(d.repr(d.objectArgs(call)), std::string("('rm -rf /',)"));
        QCOMPARE(d.repr(d.at(t).items[2]), std::string("{'x': 1}"));
    }

    void setsSizesDevicesPathsAndDates()
    {
        PickleWriter w;
        w.proto().mark()
            .global("__builtin__", "set").emptyList().str("a").append().str("b").append().tuple1().reduce()
            .global("torch", "Size").mark().integer(32).integer(144).tuple().tuple1().reduce()
            .global("torch", "device").str("cuda").integer(1).tuple2().reduce()
            .global("pathlib", "PosixPath").str("/").str("runs").str("exp").tuple3().reduce()
            .global("datetime", "datetime")
            .global("_codecs", "encode").str(std::string("\x07\xc3\xaa\x0c\x01\x09\x13\x10\x00\x00\x00", 11))
            .str("latin1").tuple2()
            .reduce().tuple1().reduce()
            .tuple().stop();
        const Document d = read(w);
        QCOMPARE(d.repr(d.root()), std::string("(['a', 'b'], (32, 144), 'cuda:1', '/runs/exp', "
                                               "'2026-12-01T09:19:16')"));
    }

    void numpyScalars()
    {
        // numpy.core.multiarray.scalar(numpy.dtype('f8', False, True) + BUILD state, b'...') as last.pt holds.
        auto scalar = [](PickleWriter& w, const std::string& code, const std::string& bytes, const std::string& order) {
            w.global("numpy.core.multiarray", "scalar").global("numpy", "dtype").str(code).boolean(false)
                .boolean(true).tuple3().reduce().mark().integer(3).str(order).none().none().none().integer(-1)
                .integer(-1).integer(0).tuple().build();
            w.global("_codecs", "encode").str(bytes).str("latin1").tuple2().reduce().tuple2().reduce();
        };
        PickleWriter w;
        w.proto().mark();
        scalar(w, "f8", std::string("\x00\x00\x00\x00\x00\x00\xc2\xb8\x3f", 9), "<");  // 0.09375 LE, latin-1 as UTF-8
        scalar(w, "i4", "\xc3\xbe\xc3\xbf\xc3\xbf\xc3\xbf", "<");     // -2
        scalar(w, "i2", "\x01\x02", ">");                              // 0x0102 big-endian
        scalar(w, "b1", "\x01", "|");
        w.tuple().stop();
        const Document d = read(w);
        QCOMPARE(d.repr(d.root()), std::string("(0.09375, -2, 258, True)"));
    }

    void tensorsAndParameters()
    {
        PickleWriter w;
        w.proto().mark()
            .tensor("HalfStorage", "0", 432, 0, {16, 3, 3, 3}, {27, 9, 3, 1}, true)
            .tensor("LongStorage", "1", 1, 0, {}, {}, false)
            .tensor("HalfStorage", "0", 432, 16, {2, 8}, {1, 2}, false)  // a second view of storage 0
            .tuple().stop();
        const Document d = read(w);
        const auto& items = d.at(d.root()).items;
        QCOMPARE(d.kind(items[0]), Kind::Tensor);
        const TensorRef& w0 = d.tensor(items[0]);
        QVERIFY(w0.parameter);
        QVERIFY(w0.requiresGrad);
        QCOMPARE(w0.sizes, (std::vector<int64_t>{16, 3, 3, 3}));
        QCOMPARE(w0.numel(), int64_t(432));
        QCOMPARE(d.storage(items[0]).dtype, DType::Float16);
        QCOMPARE(d.storage(items[0]).key, std::string("0"));
        QCOMPARE(d.storage(items[0]).location, std::string("cpu"));
        const TensorRef& nbt = d.tensor(items[1]);
        QVERIFY(!nbt.parameter);
        QCOMPARE(nbt.numel(), int64_t(1));  // a 0-d tensor
        QCOMPARE(d.storage(items[1]).dtype, DType::Int64);
        QCOMPARE(d.tensor(items[2]).storage, w0.storage);  // one storage per key
        QCOMPARE(d.storages().size(), size_t(2));
        QCOMPARE(d.repr(d.root()), std::string("(tensor(float16[16, 3, 3, 3]), tensor(int64[]), tensor(float16[2, 8]))"));
    }

    void tensorViewsOutsideTheirStorageAreErrors()
    {
        PickleWriter w;
        w.proto().tensor("FloatStorage", "0", 10, 5, {2, 3}, {3, 1}, false).stop();  // reaches element 10 of 10
        const Error e = readError(w);
        QCOMPARE(e.code, std::string("weights.pickle"));
        QVERIFY2(e.message.find("reaches element 10 of storage 0, which holds 10") != std::string::npos,
                 e.message.c_str());
        PickleWriter dims;
        dims.proto().tensor("FloatStorage", "0", 10, 0, {2, 3}, {3}, false).stop();
        QVERIFY(readError(dims).message.find("2 sizes but 1 strides") != std::string::npos);
        PickleWriter type;
        type.proto().tensor("QInt8Storage", "0", 10, 0, {2}, {1}, false).stop();
        QVERIFY(readError(type).message.find("unsupported storage type torch.QInt8Storage") != std::string::npos);
        PickleWriter twice;
        twice.proto().mark().storage("HalfStorage", "0", 4).storage("FloatStorage", "0", 4).tuple().stop();
        QVERIFY(readError(twice).message.find("declared twice") != std::string::npos);
    }

    void protocol4Opcodes()
    {
        PickleWriter w;
        w.proto(4).op(0x95).le(20, 8).shortStr("collections").op(0x94).shortStr("OrderedDict").op(0x94).op(0x93)
            .emptyTuple().reduce().op(0x94).shortStr("k").op(0x8f).mark().integer(1).integer(2).op(0x90).setitem()
            .stop();
        const Document d = read(w);
        QCOMPARE(d.repr(d.root()), std::string("{'k': [1, 2]}"));
    }

    void cyclesAreHarmless()
    {
        // a = []; a.append(a): the arena holds it and repr() stops at its depth limit.
        PickleWriter w;
        w.proto().emptyList().put(0).get(0).append().stop();
        const Document d = read(w);
        QCOMPARE(d.at(d.root()).items[0], d.root());
        QVERIFY(d.repr(d.root(), 3).find("...") != std::string::npos);
    }

    // Every malformed stream is an Error that names the record and the byte offset of the opcode.
    void errorsNameTheByteOffset_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* name, const PickleWriter& w, const char* expected) {
            QTest::newRow(name) << QByteArray(w.b.data(), static_cast<int>(w.b.size())) << QString(expected);
        };
        row("empty", PickleWriter(), "data.pkl, byte 0: the stream ends without STOP");
        row("no stop", PickleWriter().proto().none(), "data.pkl, byte 3: the stream ends without STOP");
        row("underflow", PickleWriter().proto().emptyList().op('0').append().stop(),
            "data.pkl, byte 4: stack underflow");
        row("append across mark", PickleWriter().proto().emptyList().mark().append().stop(),
            "data.pkl, byte 4: stack underflow");
        row("memo miss", PickleWriter().proto().get(5).stop(), "data.pkl, byte 2: memo index 5 was never stored");
        row("huge long_binget", PickleWriter().proto().op('j').le(0xFFFFFFF0u, 4).stop(),
            "data.pkl, byte 2: memo index 4294967280 was never stored");
        row("huge long_binput", PickleWriter().proto().none().op('r').le(0xFFFFFFF0u, 4).stop(),
            "data.pkl, byte 3: memo index 4294967280 is beyond the limit");
        row("string past end", PickleWriter().proto().op('X').le(0xFFFFFFFFu, 4).raw("abc"),
            "data.pkl, byte 2: a length of 4294967295 bytes runs past the end of the stream (3 left)");
        row("truncated int", PickleWriter().proto().op('J').raw("\x01\x02"),
            "data.pkl, byte 2: the stream ends in the middle of an opcode");
        row("unknown opcode", PickleWriter().proto().op(0xff), "data.pkl, byte 2: unknown opcode 0xff");
        row("protocol 6", PickleWriter().proto(6), "data.pkl, byte 0: pickle protocol 6 is newer than 5");
        row("odd setitems", PickleWriter().proto().emptyDict().mark().str("a").setitems().stop(),
            "data.pkl, byte 10: SETITEMS has an odd number of values (1)");
        row("setitem on list", PickleWriter().proto().emptyList().str("a").integer(1).setitem().stop(),
            "data.pkl, byte 11: SETITEM on a list (needs a dict)");
        row("append on tuple", PickleWriter().proto().emptyTuple().integer(1).append().stop(),
            "data.pkl, byte 5: APPEND on a tuple (needs a list)");
        row("no mark", PickleWriter().proto().integer(1).tuple().stop(),
            "data.pkl, byte 4: an opcode needs a MARK that is not there");
        row("reduce on int", PickleWriter().proto().integer(1).emptyTuple().reduce().stop(),
            "data.pkl, byte 5: REDUCE calls a int, not a class or function");
        row("reduce args not tuple", PickleWriter().proto().global("a", "b").integer(1).reduce().stop(),
            "data.pkl, byte 9: the arguments of a call are a int, not a tuple");
        row("newobj of str", PickleWriter().proto().str("x").emptyTuple().newobj().stop(),
            "data.pkl, byte 9: NEWOBJ instantiates a str, not a class");
        row("bad persid", PickleWriter().proto().str("x").binpersid().stop(),
            "data.pkl, byte 8: a persistent id is not a ('storage', type, key, location, size) tuple");
        row("global without newline", PickleWriter().proto().raw("cmodule"),
            "data.pkl, byte 2: a text argument has no end of line");
        row("parameter of int", PickleWriter().proto().global("torch._utils", "_rebuild_parameter").integer(1)
                                    .tuple1().reduce().stop(),
            "data.pkl, byte 38: _rebuild_parameter wraps something that is not a tensor");
        row("ext code", PickleWriter().proto().op(0x82).byte(1).stop(),
            "data.pkl, byte 2: extension-registry codes (EXT1/2/4) are not supported");
    }

    void errorsNameTheByteOffset()
    {
        QFETCH(QByteArray, stream);
        QFETCH(QString, expected);
        auto doc = unpickle(std::string_view(stream.constData(), static_cast<size_t>(stream.size())), "x.pt");
        QVERIFY(!doc);
        QCOMPARE(doc.error().code, std::string("weights.pickle"));
        QCOMPARE(doc.error().file, std::string("x.pt"));
        QVERIFY2(QString::fromStdString(doc.error().message).startsWith(expected), doc.error().message.c_str());
    }

    void limits()
    {
        // Deep nesting: 300 lists inside each other (a stack of EMPTY_LISTs closed by APPENDs).
        PickleWriter deep;
        deep.proto();
        for (int i = 0; i < 300; ++i)
            deep.emptyList();
        for (int i = 0; i < 299; ++i)
            deep.append();
        deep.stop();
        const Error e = readError(deep);
        QVERIFY2(e.message.find("nested deeper than 200 levels") != std::string::npos, e.message.c_str());
        // Many values.
        Limits few;
        few.maxValues = 100;
        PickleWriter many;
        many.proto().emptyList().mark();
        for (int i = 0; i < 200; ++i)
            many.integer(i);
        many.appends().stop();
        QVERIFY(readError(many, few).message.find("more than 100 values") != std::string::npos);
        // Size.
        Limits small;
        small.maxBytes = 4;
        auto big = unpickle(PickleWriter().proto().none().none().stop().b, "x.pt", "data.pkl", small);
        QVERIFY(!big);
        QCOMPARE(big.error().code, std::string("weights.limits"));
    }
};

QTEST_APPLESS_MAIN(TestPickle)
#include "test_pickle.moc"
