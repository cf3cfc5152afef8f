# Varnish in front of Polyglot Press (docs/operations.md "Behind a CDN", decision 0195).
# Needs the xkey module (Debian: varnish-modules). Set CDN_PURGE_URL to this Varnish (any path) and
# CDN_MAX_AGE_SECONDS (e.g. 86400) on every instance; change the backend (and the purgers' addresses) to yours.
vcl 4.1;

import xkey;

backend default {
    .host = "127.0.0.1";
    .port = "3000";
}

# Who may purge: the site's instances.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.Surrogate-Key) {
            return (synth(400, "A purge names its keys in Surrogate-Key"));
        }
        set req.http.X-Purged = xkey.purge(req.http.Surrogate-Key);
        return (synth(200, "Purged " + req.http.X-Purged + " objects"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A signed-in visitor's pages carry their account: never shared.
    if (req.http.Cookie ~ "(^|;\s*)pp_session=") {
        return (pass);
    }
    # Anonymous pages do not depend on cookies (the site's responses say Vary: Cookie for the signed-in case).
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_response {
    if (beresp.http.Surrogate-Key) {
        # xkey reads its keys from this header.
        set beresp.http.xkey = beresp.http.Surrogate-Key;
        # A shared response must not hand every visitor the same XSRF cookie: each gets their own from the site
        # (the first write of a visitor without one is refused with a fresh cookie and retried: app/lib/api-client.ts).
        unset beresp.http.Set-Cookie;
    }
}

sub vcl_deliver {
    unset resp.http.xkey;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
