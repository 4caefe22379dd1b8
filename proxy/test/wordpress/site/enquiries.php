<?php
/**
 * Plugin Name: Enquiries (test)
 * Description: The enquiry API of docs/enquiry-api.md on a real WordPress, for the proxy's
 *   WordPress suite: POST enquiries/create and enquiries/upload under /enquiries/v1, logins by
 *   core (passwords and application passwords). The quirks file switches on what real sites do:
 *   PHP warnings before the JSON, application passwords turned off by a security plugin.
 */

if (!defined('ABSPATH')) {
	exit;
}

/** The quirks the suite has switched on, from the file wp-config.php names. */
function enquiries_test_quirks() {
	$file = defined('ENQUIRIES_TEST_QUIRKS') ? ENQUIRIES_TEST_QUIRKS : '';
	if ($file === '' || !is_readable($file)) {
		return array();
	}
	$quirks = json_decode((string) file_get_contents($file), true);
	return is_array($quirks) ? $quirks : array();
}

if (in_array('application_passwords_disabled', enquiries_test_quirks(), true)) {
	// What security plugins do: core then refuses every application password.
	add_filter('wp_is_application_passwords_available', '__return_false');
}

add_action('init', function () {
	register_post_type('enquiry', array('public' => false, 'label' => 'Enquiries'));
});

/** The spec's envelope. */
function enquiries_envelope($code, $status, $result) {
	return new WP_REST_Response(array('code' => $code, 'status' => $status, 'result' => $result), $code);
}

/**
 * PHP's own warnings, printed before the JSON. WordPress turns display_errors off for REST
 * requests, so on real sites this takes a plugin or a host's auto_prepend_file turning it back
 * on (debugging plugins do), or a host that disables ini_set: the first is done here.
 */
function enquiries_maybe_warn() {
	if (in_array('php-warnings', enquiries_test_quirks(), true)) {
		ini_set('display_errors', '1');
		ini_set('html_errors', '1');
		$server = array();
		$referer = $server['HTTP_REFERER']; // Warning: Undefined array key
		trigger_error('Creation of dynamic property Enquiries::$db is deprecated', E_USER_DEPRECATED);
		unset($referer);
	}
}

/** Logged-in users need edit_posts; anyone else gets the spec's 401 from the callback. */
function enquiries_permission() {
	return !is_user_logged_in() || current_user_can('edit_posts');
}

function enquiries_unauthorised() {
	return new WP_REST_Response(array(
		'code' => 401,
		'message' => 'User authentication is required to access the REST API.',
		'data' => array('status' => 'rest_cannot_access'),
	), 401);
}

function enquiries_create(WP_REST_Request $request) {
	if (!is_user_logged_in()) {
		return enquiries_unauthorised();
	}
	enquiries_maybe_warn();
	$body = $request->get_json_params();
	$forename = is_array($body) && isset($body['forename']) && is_string($body['forename']) ? trim($body['forename']) : '';
	if ($forename === '') {
		return enquiries_envelope(400, 'Required parameter `forename` is missing or empty.', false);
	}
	$id = wp_insert_post(array(
		'post_type' => 'enquiry',
		'post_status' => 'private',
		'post_title' => $forename . ' ' . (isset($body['surname']) ? (string) $body['surname'] : ''),
	), true);
	if (is_wp_error($id)) {
		return $id;
	}
	update_post_meta($id, '_enquiry', wp_slash(wp_json_encode($body)));
	return enquiries_envelope(201, 'Created enquiry', $id);
}

function enquiries_upload(WP_REST_Request $request) {
	if (!is_user_logged_in()) {
		return enquiries_unauthorised();
	}
	enquiries_maybe_warn();
	$body = $request->get_json_params();
	$post_id = isset($body['post_id']) ? absint($body['post_id']) : 0;
	if ($post_id === 0 || get_post_type($post_id) !== 'enquiry') {
		return enquiries_envelope(404, 'No enquiry has `post_id` ' . $post_id . '.', false);
	}
	$contents = isset($body['contents']) && is_string($body['contents']) ? $body['contents'] : '';
	if (trim($contents) === '') {
		return enquiries_envelope(400, 'The file content is empty. Check the encoding of `contents`.', false);
	}
	$bytes = base64_decode($contents, true);
	$file = isset($body['file']) && is_array($body['file']) ? $body['file'] : array();
	$mime = isset($file['mime']) ? (string) $file['mime'] : '';
	if ($bytes === false) {
		return enquiries_envelope(400, 'Parameter `contents` is not valid base64.', false);
	}
	if (!in_array($mime, array('application/pdf', 'image/png', 'image/gif', 'image/jpeg'), true)) {
		return enquiries_envelope(415, 'Files of type `' . $mime . '` are not supported.', false);
	}
	$name = sanitize_file_name(isset($file['name']) ? (string) $file['name'] : 'file');
	$saved = wp_upload_bits($name, null, $bytes);
	if (!empty($saved['error'])) {
		return new WP_Error('upload_failed', $saved['error'], array('status' => 500));
	}
	$attachment = wp_insert_attachment(array(
		'post_mime_type' => $mime,
		'post_title' => $name,
		'post_status' => 'inherit',
	), $saved['file'], $post_id, true);
	return is_wp_error($attachment) ? $attachment : enquiries_envelope(201, 'Accepted', $attachment);
}

add_action('rest_api_init', function () {
	foreach (array('create' => 'enquiries_create', 'upload' => 'enquiries_upload') as $route => $callback) {
		register_rest_route('enquiries/v1', '/enquiries/' . $route, array(
			'methods' => 'POST',
			'callback' => $callback,
			'permission_callback' => 'enquiries_permission',
		));
	}
});
