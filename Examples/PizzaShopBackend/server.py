"""Serves the PizzaShop backend (skill.py) over HTTP with ask-sdk-webservice-support.

    python server.py [--host 127.0.0.1] [--port 0]

Port 0 lets the system choose a free port. The first line on standard output is the URL to
give `nlu-chat --endpoint` (or a SkillEndpoint): "listening on http://127.0.0.1:PORT/".

Signature and timestamp verification are OFF: requests come from SkillNLU on this machine, not
from Alexa, and carry no signature. Never expose this server to the internet as it is; behind
Alexa, use WebserviceSkillHandler's defaults (both checks on).
"""

import argparse
import json
import logging
import signal
import sys
import types
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from skill import build_skill


def webservice_handler_class():
    """WebserviceSkillHandler, even where its signature verifier cannot load.

    The verifier imports certvalidator, which imports oscrypto; oscrypto 1.3.0 (the newest on
    PyPI) cannot read OpenSSL version strings with a two-digit patch number such as 3.0.19 and
    fails at import (wbond/oscrypto issue 78). Signature verification is off in this server, so
    when exactly that happens a stand-in for certvalidator lets the module load; the verifier
    is never used.
    """
    try:
        from ask_sdk_webservice_support.webservice_handler import WebserviceSkillHandler
        return WebserviceSkillHandler
    except Exception as error:
        if "libcrypto" not in str(error):
            raise
    for name in [n for n in sys.modules if n.split(".")[0] in ("ask_sdk_webservice_support", "certvalidator", "oscrypto")]:
        del sys.modules[name]
    stand_in = types.ModuleType("certvalidator")
    stand_in.CertificateValidator = None
    errors = types.ModuleType("certvalidator.errors")
    errors.ValidationError = errors.PathError = type("Unavailable", (Exception,), {})
    stand_in.errors = errors
    sys.modules["certvalidator"] = stand_in
    sys.modules["certvalidator.errors"] = errors
    from ask_sdk_webservice_support.webservice_handler import WebserviceSkillHandler
    return WebserviceSkillHandler


webservice = webservice_handler_class()(skill=build_skill(), verify_signature=False, verify_timestamp=False)


class EndpointHandler(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8")
        try:
            answer = webservice.verify_request_and_dispatch(dict(self.headers), body)
        except Exception as error:  # the SDK could not read the request, or the skill failed
            logging.exception("request failed")
            self.send_error(500, "the skill could not answer: {}".format(error))
            return
        payload = json.dumps(answer).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json;charset=UTF-8")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format, *args):
        logging.info("%s %s", self.address_string(), format % args)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--verbose", action="store_true", help="log each request on standard error")
    options = parser.parse_args()
    # A parent may have started us with SIGTERM blocked (it is inherited); be stoppable anyway.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    logging.basicConfig(level=logging.INFO if options.verbose else logging.WARNING, stream=sys.stderr)
    server = ThreadingHTTPServer((options.host, options.port), EndpointHandler)
    print("listening on http://{}:{}/".format(*server.server_address[:2]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
