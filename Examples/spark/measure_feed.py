#!/usr/bin/env python3
"""Measure a JSON Lines feed on Apache Spark with `typometer measure`.

    python3 Examples/spark/measure_feed.py --master local[2] \\
        --package dist/typometer-VERSION-linux-ARCH.tar.gz \\
        --input FEED.jsonl --output OUTDIR --partitions 4 -- --width 240 --width 320

or the same file under `spark-submit` (then --master comes from spark-submit).
Everything after `--` goes to `typometer measure` (its options; no file).

The package reaches the executors through Spark's own archive distribution
(SparkContext.addArchive): each executor unpacks it and runs its
`typometer-VERSION/bin/typometer`. Without --package the job looks for an
archive that spark-submit shipped already as `--archives PACKAGE#typometer`.

OUTDIR gets one part file per partition. Read in part-name order, their lines
are byte for byte what one `typometer measure [OPTIONS] FEED.jsonl` prints:

- Lines are read as bytes (Spark's text source with "\\n" as the only line
  separator, cast to binary), so CRLF, lone CR, blank lines and invalid UTF-8
  reach typometer as they are in the file. Hadoop's reader drops a UTF-8 byte
  order mark at the start of the file; the job puts it back.
- A first pass counts the lines of each block of the file (in the JVM), so
  each line gets its number in the whole file; each partition's process is
  started with `--first-line` at its first line's number.
- Each partition is one contiguous run of lines, in order, streamed through
  one `typometer measure` process (a thread feeds its stdin while its stdout
  is read). Lines reach Python and go back to Spark in Arrow batches
  (`mapInArrow`), not row by row. An uncompressed file is read in exactly
  --partitions splits of equal size, each a partition, and streamed as it is
  read. A file Spark cannot split so (compressed, or fewer bytes than
  partitions) is shuffled into --partitions ranges of lines (Spark's range
  partitioning, from a sample), sorted within each.
- The output is written by Spark's text writer from the bytes typometer
  printed (a binary column cast to string, which does not decode).

Needs PyArrow and pandas beside PySpark (`pip install pyspark pyarrow pandas`).

Exit status: 0 when every line was measured, 1 when some line failed (its
error line is in the output, as with `typometer measure`), 2 for bad options.
"""

import argparse
import glob
import os
import subprocess
import sys
import tempfile
import threading

ARCHIVE_ALIAS = "typometer"
UTF8_BOM = b"\xef\xbb\xbf"
# Output lines per Arrow batch handed back to Spark.
OUTPUT_BATCH = 8192


def parse_arguments(argv):
    """The job's own options, and those after `--` for `typometer measure`."""
    if "--" in argv:
        split = argv.index("--")
        own, measure_options = argv[:split], argv[split + 1:]
    else:
        own, measure_options = argv, []
    parser = argparse.ArgumentParser(
        description="Measure a JSON Lines feed on Spark with typometer measure; "
                    "options after -- go to typometer measure.")
    parser.add_argument("--master", help="Spark master URL (default: what spark-submit or "
                                         "spark-defaults.conf set, else local[*])")
    parser.add_argument("--package", help="typometer-VERSION-linux-ARCH.tar.gz, a local path or any "
                                          "URL Spark reads (hdfs://, s3a://, …); without it, an archive "
                                          "shipped as --archives PACKAGE#typometer")
    parser.add_argument("--input", required=True, help="the JSON Lines feed: one file, any path Spark reads")
    parser.add_argument("--output", required=True, help="output directory (must not exist)")
    parser.add_argument("--partitions", type=int, help="number of partitions, each one typometer "
                                                        "process (default: Spark's default parallelism)")
    arguments = parser.parse_args(own)
    if arguments.partitions is not None and arguments.partitions < 1:
        parser.error("--partitions must be at least 1")
    if any(option == "--first-line" or option.startswith("--first-line=") for option in measure_options):
        parser.error("--first-line is set by the job for each partition")
    return arguments, measure_options


def typometer_binary():
    """The unpacked package's bin/typometer on this executor (or driver)."""
    from pyspark import SparkFiles

    root = SparkFiles.get(ARCHIVE_ALIAS)
    found = sorted(glob.glob(os.path.join(root, "typometer-*", "bin", "typometer")))
    if len(found) != 1:
        raise RuntimeError(f"expected one typometer-*/bin/typometer in the package unpacked at {root}, "
                           f"found {found or 'none'}")
    return found[0]


def check_options_on_driver(measure_options):
    """Exits 2 with typometer's message when it refuses the options, if the
    driver can run the package (a driver of another system cannot)."""
    try:
        binary = typometer_binary()
        result = subprocess.run([binary, "measure", "--quiet", *measure_options], stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    except (OSError, RuntimeError):
        return
    if result.returncode == 2:
        sys.stderr.write(result.stderr.decode("utf-8", "replace"))
        sys.exit(2)


def measure_batches(batches, measure_options, restores_bom, failed_partitions):
    """Streams one partition's Arrow batches of (index, bytes) rows, in order,
    through one `typometer measure` process and yields its output lines, in
    Arrow batches of one binary column `line` (without "\\n").

    Lines must be consecutive: the process numbers them from the first. Adds 1
    to the `failed_partitions` accumulator when some line failed (status 1)."""
    import pyarrow as pa
    from pyspark import TaskContext

    batches = iter(batches)
    first = next((batch for batch in batches if batch.num_rows > 0), None)
    if first is None:
        return
    first_index = first.column("index")[0].as_py()
    context = TaskContext.get()
    threads = context.cpus() if context is not None and hasattr(context, "cpus") else 1
    command = [typometer_binary(), "measure", "--quiet", "--threads", str(threads),
               "--first-line", str(first_index + 1), *measure_options]
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors,
                                   bufsize=1 << 20)
        failure = []

        def feed():
            expected = first_index
            try:
                for batch in _chain_first(first, batches):
                    count = batch.num_rows
                    if count == 0:
                        continue
                    indexes = batch.column("index")
                    if indexes[0].as_py() != expected or indexes[count - 1].as_py() != expected + count - 1:
                        raise RuntimeError(f"lines {indexes[0]}...{indexes[count - 1]} where {expected} was due: "
                                           "lines out of order")
                    lines = batch.column("bytes").to_pylist()
                    if expected == 0 and restores_bom:
                        lines[0] = UTF8_BOM + lines[0]
                    process.stdin.write(b"\n".join(lines))
                    process.stdin.write(b"\n")
                    expected += count
            except BrokenPipeError:
                pass  # the process ended early; its status says why
            except BaseException as error:  # noqa: BLE001 - handed to the reading thread
                failure.append(error)
            finally:
                try:
                    process.stdin.close()
                except BrokenPipeError:
                    pass

        writer = threading.Thread(target=feed, name="typometer-stdin", daemon=True)
        writer.start()
        completed = False
        try:
            lines = []
            for line in process.stdout:
                if not line.endswith(b"\n"):
                    raise RuntimeError("typometer measure ended a line without a newline")
                lines.append(line[:-1])
                if len(lines) == OUTPUT_BATCH:
                    yield pa.RecordBatch.from_arrays([pa.array(lines, pa.binary())], names=["line"])
                    lines = []
            if lines:
                yield pa.RecordBatch.from_arrays([pa.array(lines, pa.binary())], names=["line"])
            completed = True
        finally:
            if not completed and process.poll() is None:
                process.kill()  # the task is failing or was cancelled
            status = process.wait()
            if completed:
                writer.join()
        if failure:
            raise failure[0]
        errors.seek(0)
        message = errors.read().decode("utf-8", "replace").strip()
        # Status 1 is a line that failed (its error line is in the output),
        # unless typometer says reading the input failed.
        if status not in (0, 1) or "typometer measure: " in message:
            raise RuntimeError(f"{' '.join(command)} exited with status {status}: {message}")
        if status == 1:
            failed_partitions.add(1)


def _chain_first(first, rest):
    yield first
    yield from rest


def _read_first_bytes(spark, path, count):
    """The first `count` bytes of the file as Spark's text reader sees them
    (after decompression), through Hadoop's file system API."""
    jvm = spark.sparkContext._jvm
    configuration = spark.sparkContext._jsc.hadoopConfiguration()
    hadoop_path = jvm.org.apache.hadoop.fs.Path(path)
    file_system = hadoop_path.getFileSystem(configuration)
    if not file_system.exists(hadoop_path):
        raise SystemExit(f"measure_feed.py: --input {path} does not exist")
    status = file_system.getFileStatus(hadoop_path)
    if status.isDirectory():
        raise SystemExit(f"measure_feed.py: --input {path} is a directory; give one file")
    stream = file_system.open(hadoop_path)
    codec = jvm.org.apache.hadoop.io.compress.CompressionCodecFactory(configuration).getCodec(hadoop_path)
    if codec is not None:
        stream = codec.createInputStream(stream)
    try:
        data = bytearray()
        while len(data) < count:
            byte = stream.read()
            if byte < 0:
                break
            data.append(byte)
        return bytes(data), status.getLen()
    finally:
        stream.close()


def spark_session(master):
    from pyspark import SparkConf, SparkContext
    from pyspark.sql import SparkSession

    # Start (or, under spark-submit, join) the JVM first, so the configuration
    # read here includes spark-submit's and spark-defaults.conf's settings.
    SparkContext._ensure_initialized()
    configuration = SparkConf().setAppName("typometer measure_feed")
    if master:
        configuration.setMaster(master)
    elif not configuration.contains("spark.master"):
        configuration.setMaster("local[*]")
    return SparkSession.builder.config(conf=configuration).getOrCreate()


def main(argv):
    arguments, measure_options = parse_arguments(argv)
    from pyspark.sql import functions as F

    spark = spark_session(arguments.master)
    context = spark.sparkContext
    if arguments.package:
        context.addArchive(f"{arguments.package}#{ARCHIVE_ALIAS}")
    check_options_on_driver(measure_options)
    partitions = arguments.partitions or context.defaultParallelism
    failed_partitions = context.accumulator(0)

    head, size = _read_first_bytes(spark, arguments.input, len(UTF8_BOM))
    restores_bom = head == UTF8_BOM

    # Ask for exactly `partitions` splits of the file: splits of size/N bytes,
    # each its own partition. Fixed, so both passes split the file alike.
    spark.conf.set("spark.sql.files.maxPartitionBytes", str(max(1, -(-size // partitions))))
    spark.conf.set("spark.sql.files.openCostInBytes", "0")
    spark.conf.set("spark.sql.files.minPartitionNum", "1")
    lines = (spark.read.option("lineSep", "\n").text(arguments.input)
             .select(F.col("value").cast("binary").alias("bytes"),
                     F.input_file_block_start().alias("block"),
                     F.spark_partition_id().alias("part"),
                     F.monotonically_increasing_id().alias("row")))

    # Pass 1, in the JVM: lines per block of the file, so every line gets its
    # index in the whole file (blank lines included, as typometer counts them).
    blocks = sorted(lines.groupBy("block", "part")
                    .agg(F.count(F.lit(1)).alias("lines"), F.min("row").alias("first_row"))
                    .collect(), key=lambda block: block["block"])
    if any(block["block"] < 0 for block in blocks):
        raise SystemExit("measure_feed.py: Spark did not report the input's block offsets")
    total = sum(block["lines"] for block in blocks)
    start_of_block, offset = {}, 0
    for block in blocks:
        start_of_block[block["block"]] = offset - block["first_row"]
        offset += block["lines"]
    if blocks:
        starts = F.create_map(*[F.lit(value) for block, start in start_of_block.items()
                                for value in (block, start)])
        index = starts[F.col("block")] + F.col("row")
    else:
        index = F.col("row")
    numbered = lines.select(index.alias("index"), "bytes")

    # The partitions as read are used as they are when they are exactly the
    # requested number and hold the file's lines in order; else shuffle into
    # ranges of lines (Spark's range partitioning), sorted within each.
    in_order = [(block["part"], block["first_row"]) for block in blocks]
    if numbered.rdd.getNumPartitions() == partitions and in_order == sorted(in_order):
        ranges, how = numbered, "split as read"
    else:
        ranges, how = numbered.repartitionByRange(partitions, "index").sortWithinPartitions("index"), \
            "shuffled into ranges"
    print(f"measure_feed.py: {total} lines in {partitions} partitions, {how}, on {context.master}",
          file=sys.stderr, flush=True)

    # Rows travel to and from Python in Arrow batches; the output's bytes are
    # written as they are (a binary to string cast does not decode).
    options = list(measure_options)
    measured = ranges.mapInArrow(
        lambda batches: measure_batches(batches, options, restores_bom, failed_partitions), "line binary")
    measured.select(F.col("line").cast("string")).write.text(arguments.output)
    failed = failed_partitions.value > 0
    spark.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
