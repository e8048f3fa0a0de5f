package rentals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.cloud.MiniSolrCloudCluster;
import org.apache.solr.embedded.JettySolrRunner;

/**
 * `npm run solr:cluster`: a SolrCloud of 2 Solr nodes with an embedded ZooKeeper on loopback
 * (Solr's own MiniSolrCloudCluster), the `rentals` config set uploaded and a `rentals`
 * collection of 2 shards x 2 replicas. For tests and benchmarks, not for production.
 *
 * Arguments: --configset DIR (solr/configsets/rentals), --state FILE (JSON written once the
 * collection is active: collection URL per node, node ports, ZooKeeper address), --dir DIR
 * (the nodes' data; a fresh temporary directory when absent), --exit-on-eof (stop when stdin
 * closes, so a test runner that dies leaves no JVM behind).
 *
 * Commands on stdin, one per line, each answered by one line on stdout:
 *   stop N   -> "stopped N"    (node N, 0 or 1, stops as if its machine was lost)
 *   start N  -> "started N"    (node N comes back on the same port; answered once it is live and, when every
 *                                node runs again, every replica of the collection is active)
 *   state    -> the state JSON
 *   one-shard-per-node NAME -> "created NAME"   (a second collection for the fault tests, NAME, with
 *                                both replicas of shard1 on node 0 and both of shard2 on node 1, so
 *                                stopping node 0 loses one shard entirely while the other stays)
 * Stops cleanly on SIGINT/SIGTERM (shutdown hook) and deletes a temporary data directory.
 */
public final class Cluster {
  static final String COLLECTION = "rentals";
  static final int SHARDS = 2;
  static final int REPLICAS = 2;
  static final List<JettySolrRunner> NODES = new ArrayList<>();
  /** Every collection made here; each has SHARDS shards of REPLICAS replicas once its nodes run. */
  static final List<String> COLLECTIONS = new ArrayList<>(List.of(COLLECTION));

  private Cluster() {}

  public static void main(String[] args) throws Exception {
    Path configset = Path.of("solr/configsets/rentals");
    Path stateFile = null;
    Path dir = null;
    boolean exitOnEof = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--configset" -> configset = Path.of(args[++i]);
        case "--state" -> stateFile = Path.of(args[++i]);
        case "--dir" -> dir = Path.of(args[++i]);
        case "--exit-on-eof" -> exitOnEof = true;
        default -> {
          System.err.println("Unknown argument " + args[i]);
          System.exit(2);
        }
      }
    }
    if (!Files.isRegularFile(configset.resolve("conf/solrconfig.xml"))) {
      System.err.println("No config set at " + configset.toAbsolutePath() + " (conf/solrconfig.xml missing)");
      System.exit(2);
    }
    final boolean temporary = dir == null;
    final Path baseDir = temporary ? Files.createTempDirectory("solr-cluster-") : dir;
    Files.createDirectories(baseDir);
    long started = System.nanoTime();

    final MiniSolrCloudCluster cluster =
        new MiniSolrCloudCluster.Builder(2, baseDir)
            .addConfig(COLLECTION, configset.resolve("conf"))
            .withJettyConfig(jetty -> jetty.setContext("/solr"))
            .build();
    final Object lock = new Object();
    // The cluster's own list drops a stopped node (indices shift): nodes keep their numbers here.
    NODES.addAll(cluster.getJettySolrRunners());
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  synchronized (lock) {
                    try {
                      cluster.shutdown();
                    } catch (Exception e) {
                      System.err.println("Shutdown: " + e);
                    }
                    if (temporary) deleteTree(baseDir);
                    System.out.println("Solr cluster stopped.");
                    System.out.flush();
                  }
                },
                "solr-cluster-shutdown"));

    CollectionAdminRequest.createCollection(COLLECTION, COLLECTION, SHARDS, REPLICAS).process(cluster.getSolrClient());
    cluster.waitForActiveCollection(COLLECTION, 120, TimeUnit.SECONDS, SHARDS, SHARDS * REPLICAS);
    long ms = (System.nanoTime() - started) / 1_000_000;

    String state = stateJson(cluster, ms);
    if (stateFile != null) {
      Path partial = stateFile.resolveSibling(stateFile.getFileName() + ".tmp");
      Files.writeString(partial, state + "\n", StandardCharsets.UTF_8);
      Files.move(partial, stateFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
    System.out.println("SolrCloud ready in " + ms + " ms: collection '" + COLLECTION + "', " + SHARDS + " shards x " + REPLICAS + " replicas on 2 nodes");
    System.out.println("SOLR_URL=" + collectionUrl(NODES.get(0)) + "," + collectionUrl(NODES.get(1)));
    System.out.println("state " + state);
    System.out.println("Ctrl-C stops it.");
    System.out.flush();

    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    while (true) {
      String line = in.readLine();
      if (line == null) {
        if (exitOnEof) System.exit(0);
        // stdin closed (started in the background): wait for a signal.
        Thread.currentThread().join();
      }
      String[] words = line.trim().split("\\s+");
      try {
        synchronized (lock) {
          switch (words[0]) {
            case "stop" -> {
              int n = Integer.parseInt(words[1]);
              cluster.stopJettySolrRunner(NODES.get(n));
              cluster.waitForJettyToStop(NODES.get(n));
              System.out.println("stopped " + n);
            }
            case "start" -> {
              int n = Integer.parseInt(words[1]);
              cluster.startJettySolrRunner(NODES.get(n), true);
              cluster.waitForNode(NODES.get(n), 60);
              // Once every node is back, every replica must be active again (a node alone may wait for its peers to elect leaders).
              if (NODES.stream().allMatch(JettySolrRunner::isRunning)) {
                for (String name : COLLECTIONS) cluster.waitForActiveCollection(name, 180, TimeUnit.SECONDS, SHARDS, SHARDS * REPLICAS);
              }
              System.out.println("started " + n);
            }
            case "one-shard-per-node" -> {
              String name = words[1];
              CollectionAdminRequest.createCollection(name, COLLECTION, SHARDS, 1)
                  .setCreateNodeSet("EMPTY")
                  .process(cluster.getSolrClient());
              for (int shard = 1; shard <= SHARDS; shard++) {
                String node = NODES.get((shard - 1) % NODES.size()).getNodeName();
                for (int r = 0; r < REPLICAS; r++) {
                  CollectionAdminRequest.addReplicaToShard(name, "shard" + shard).setNode(node).process(cluster.getSolrClient());
                }
              }
              cluster.waitForActiveCollection(name, 120, TimeUnit.SECONDS, SHARDS, SHARDS * REPLICAS);
              COLLECTIONS.add(name);
              System.out.println("created " + name);
            }
            case "state" -> System.out.println("state " + stateJson(cluster, ms));
            case "" -> {}
            default -> System.out.println("error unknown command " + words[0]);
          }
        }
      } catch (Exception e) {
        System.out.println("error " + e.toString().replace('\n', ' '));
      }
      System.out.flush();
    }
  }

  static String collectionUrl(JettySolrRunner jetty) {
    return jetty.getBaseUrl().toString().replaceAll("/+$", "") + "/" + COLLECTION;
  }

  static String stateJson(MiniSolrCloudCluster cluster, long startMs) {
    List<String> urls = new ArrayList<>();
    List<String> ports = new ArrayList<>();
    for (JettySolrRunner jetty : NODES) {
      urls.add("\"" + collectionUrl(jetty) + "\"");
      ports.add(String.valueOf(jetty.getLocalPort()));
    }
    return "{\"collection\":\"" + COLLECTION + "\",\"shards\":" + SHARDS + ",\"replicas\":" + REPLICAS
        + ",\"urls\":[" + String.join(",", urls) + "],\"ports\":[" + String.join(",", ports) + "]"
        + ",\"zkHost\":\"" + cluster.getZkServer().getZkAddress() + "\",\"pid\":" + ProcessHandle.current().pid()
        + ",\"startMs\":" + startMs + "}";
  }

  static void deleteTree(Path root) {
    try (var paths = Files.walk(root)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (Exception e) {
      // a temporary directory left behind is harmless
    }
  }
}
